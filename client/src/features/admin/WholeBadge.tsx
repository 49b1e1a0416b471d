import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

// Mantine's Badge cuts a label that does not fit with an ellipsis, and in a table its column
// may shrink it to almost nothing: "OVERD…" left the office unable to tell overdue from unpaid,
// "म्याद ना…" the same in Nepali. A state the office acts on is read whole.

interface Props extends BadgeProps {
  children: ReactNode;
  /**
   * Lets a long label take a second line (a card's narrow column). Without it the label keeps
   * one line and its table column takes the width the label needs.
   */
  wrap?: boolean;
  title?: string;
  'data-testid'?: string;
}

/** A badge whose label is never cut short. */
export function WholeBadge({ wrap = false, children, ...props }: Props) {
  return (
    <Badge
      // A pill two lines tall reads as a blot: a wrapped label gets a rectangle's corners.
      radius={wrap ? 'sm' : undefined}
      {...props}
      maw="none"
      styles={{
        root: wrap
          ? {
              overflow: 'visible',
              height: 'auto',
              minHeight: 'var(--badge-height)',
              paddingBlock: 2,
            }
          : { overflow: 'visible', minWidth: 'max-content', flexShrink: 0 },
        label: {
          overflow: 'visible',
          textOverflow: 'clip',
          whiteSpace: wrap ? 'normal' : 'nowrap',
        },
      }}
    >
      {children}
    </Badge>
  );
}
