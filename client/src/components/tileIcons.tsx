// The role homes' tile pictures, drawn inline in the app's icon frame (icons.tsx). Emoji were
// used first, but a browser without an emoji font (a bare Linux office box, headless Chromium)
// draws them as empty boxes; these lines look the same everywhere.
import { type IconProps, Svg } from './icons';

// Tiles are big touch targets on a phone: the pictures are drawn large.
const tile = (props: IconProps) => ({ size: 44, ...props });

export function BagIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M5 8h14l-1 13H6z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </Svg>
  );
}

export function SheetIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M14 3v5h5M9 12h7M9 16h7" />
    </Svg>
  );
}

export function ChiliIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M15 7c3 1 5 4 4 8-1 4-7 6-13 5 4-2 6-5 6-9 0-2 1-4 3-4z" />
      <path d="M15 7c0-2 1-3 3-4" />
    </Svg>
  );
}

export function HistoryIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 3" />
    </Svg>
  );
}

export function ReceiptIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </Svg>
  );
}

export function StoreIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M4 9l2-5h12l2 5" />
      <path d="M4 9h16v2a3 3 0 0 1-6 0 3 3 0 0 1-4 0 3 3 0 0 1-6 0z" />
      <path d="M5 13v8h14v-8M10 21v-5h4v5" />
    </Svg>
  );
}

export function TruckIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M2 6h12v10H2zM14 9h4l3 4v3h-7" />
      <circle cx="6" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Svg>
  );
}

export function ChartIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M3 3v18h18" />
      <path d="M7 16v-4M12 16V8M17 16v-7" />
    </Svg>
  );
}

export function BoxIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M3 7l9-4 9 4-9 4z" />
      <path d="M3 7v10l9 4 9-4V7M12 11v10" />
    </Svg>
  );
}

export function YenIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 7l4 5 4-5M12 12v6M9 13h6M9 16h6" />
    </Svg>
  );
}

export function ImageIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <path d="M3 5h18v14H3z" />
      <circle cx="8.5" cy="9.5" r="1.5" />
      <path d="M21 16l-5-5-8 8" />
    </Svg>
  );
}

export function PeopleIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <path d="M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6" />
    </Svg>
  );
}

export function DoneIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12l3 3 5-6" />
    </Svg>
  );
}

export function RouteIcon(props: IconProps) {
  return (
    <Svg {...tile(props)}>
      <circle cx="6" cy="19" r="2" />
      <circle cx="18" cy="5" r="2" />
      <path d="M8 19h8a3 3 0 0 0 0-6H8a3 3 0 0 1 0-6h8" />
    </Svg>
  );
}
