import {
  Canvas,
  darken,
  hex,
  lighten,
  mix,
  type Point,
  type Rgb,
  shiftHue,
  textWidth,
  wrapText,
} from './canvas';
import type { InformationSeed, Motif } from './data';
import { hashString, Rng } from './prng';

// Generated pictures for the demo: product tiles (category colour, a drawing of the goods,
// the name), slider banners and a popup. Deterministic: the same name gives the same picture.

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Draws in a local frame: (0, 0) is the motif's centre, `k` scales everything. */
class Pen {
  constructor(
    readonly c: Canvas,
    private readonly cx: number,
    private readonly cy: number,
    private readonly k: number,
  ) {}
  x = (v: number) => this.cx + v * this.k;
  y = (v: number) => this.cy + v * this.k;
  s = (v: number) => v * this.k;
  rect(x: number, y: number, w: number, h: number, col: Rgb, a = 1) {
    this.c.fillRect(this.x(x), this.y(y), this.s(w), this.s(h), col, a);
  }
  rr(x: number, y: number, w: number, h: number, r: number, col: Rgb, a = 1) {
    this.c.fillRoundRect(this.x(x), this.y(y), this.s(w), this.s(h), this.s(r), col, a);
  }
  el(x: number, y: number, rx: number, ry: number, col: Rgb, a = 1, rot = 0) {
    this.c.fillEllipse(this.x(x), this.y(y), this.s(rx), this.s(ry), col, a, rot);
  }
  poly(pts: Point[], col: Rgb, a = 1) {
    this.c.fillPolygon(
      pts.map(([px, py]) => [this.x(px), this.y(py)] as const),
      col,
      a,
    );
  }
  ln(x0: number, y0: number, x1: number, y1: number, w: number, col: Rgb, a = 1) {
    this.c.line(this.x(x0), this.y(y0), this.x(x1), this.y(y1), this.s(w), col, a);
  }
  /** The lower half of an ellipse (a bowl's front). */
  lowerHalf(x: number, y: number, rx: number, ry: number, col: Rgb, a = 1) {
    const pts: Point[] = [];
    for (let i = 0; i <= 32; i++) {
      const t = (i / 32) * Math.PI;
      pts.push([x + Math.cos(t) * rx, y + Math.sin(t) * ry]);
    }
    this.poly(pts, col, a);
  }
  shadow(y = 62, rx = 84) {
    this.el(0, y, rx, 10, BLACK, 0.16);
  }
}

function vary(rng: Rng, c: Rgb, amount = 0.12): Rgb {
  const t = rng.next() * amount * 2 - amount;
  return t >= 0 ? lighten(c, t) : darken(c, -t);
}

const MOTIFS: Record<Motif, (p: Pen, tint: Rgb, cat: Rgb, rng: Rng) => void> = {
  sack(p, tint, cat, rng) {
    const jute = vary(rng, hex('#cdb38b'), 0.06);
    p.shadow();
    p.poly(
      [
        [-50, -30],
        [-66, -50],
        [-34, -40],
      ],
      darken(jute, 0.08),
    );
    p.poly(
      [
        [50, -30],
        [66, -50],
        [34, -40],
      ],
      darken(jute, 0.08),
    );
    p.rr(-56, -38, 112, 100, 24, jute);
    p.el(0, -34, 52, 13, darken(jute, 0.28));
    p.el(0, -37, 45, 10, tint);
    for (let i = 0; i < 12; i++) {
      p.el(rng.int(-36, 36), rng.int(-44, -36), 4, 2.2, vary(rng, tint, 0.1), 1, rng.next() * 3);
    }
    p.rr(-36, -2, 72, 42, 6, lighten(cat, 0.8));
    p.rr(-36, -2, 72, 9, 4, cat);
    p.el(0, 22, 10, 10, cat);
    p.el(0, 22, 5, 5, lighten(cat, 0.8));
    p.ln(-46, 52, 46, 52, 2, darken(jute, 0.3));
    p.ln(-50, -16, -50, 44, 2, lighten(jute, 0.25), 0.7);
  },

  beans(p, tint, _cat, rng) {
    const wood = vary(rng, hex('#8d6e63'), 0.08);
    p.shadow(58, 80);
    p.el(0, 0, 78, 13, darken(wood, 0.35));
    for (let i = 0; i < 90; i++) {
      const x = rng.int(-62, 62);
      const dome = 34 * Math.sqrt(Math.max(0, 1 - (x / 66) ** 2));
      const y = 4 - rng.next() * dome;
      p.el(x, y, 6.5, 4.5, vary(rng, tint, 0.16), 1, rng.next() * Math.PI);
    }
    p.lowerHalf(0, 2, 80, 54, wood);
    p.lowerHalf(0, 2, 80, 10, lighten(wood, 0.18));
    p.rr(-62, 14, 10, 24, 5, lighten(wood, 0.3), 0.35);
  },

  jar(p, tint, cat) {
    p.shadow();
    p.rr(-42, -42, 84, 104, 16, hex('#eef3f5'), 0.92);
    p.rr(-36, -14, 72, 70, 12, tint);
    p.rr(-42, 2, 84, 30, 3, lighten(cat, 0.82));
    p.rr(-28, 9, 56, 6, 3, cat);
    p.rr(-20, 20, 40, 4, 2, darken(cat, 0.25));
    p.rr(-46, -58, 92, 22, 6, darken(cat, 0.35));
    for (let x = -38; x <= 38; x += 8) p.ln(x, -54, x, -40, 1.5, darken(cat, 0.5), 0.6);
    p.rr(-34, -36, 8, 84, 4, WHITE, 0.3);
    p.el(70, 54, 32, 11, tint);
    p.el(68, 48, 20, 8, lighten(tint, 0.12));
  },

  dumplings(p, tint, _cat, rng) {
    p.el(0, 40, 104, 26, WHITE);
    p.el(0, 38, 90, 19, hex('#eeeeee'));
    const spots: Point[] = [
      [-48, 18],
      [48, 18],
      [0, 6],
    ];
    for (const [mx, my] of spots) {
      const body = vary(rng, tint, 0.05);
      p.el(mx, my, 33, 24, darken(body, 0.08));
      p.el(mx, my - 2, 31, 22, body);
      p.poly(
        [
          [mx - 16, my - 14],
          [mx, my - 36],
          [mx + 16, my - 14],
        ],
        body,
      );
      p.ln(mx, my - 32, mx - 11, my - 8, 2, darken(body, 0.18));
      p.ln(mx, my - 32, mx + 11, my - 8, 2, darken(body, 0.18));
      p.ln(mx, my - 32, mx, my - 6, 2, darken(body, 0.14));
      p.el(mx - 12, my + 4, 9, 5, WHITE, 0.45);
    }
    for (let i = 0; i < 3; i++) {
      const a = (i * Math.PI) / 3;
      p.ln(
        96 - Math.cos(a) * 16,
        -50 - Math.sin(a) * 16,
        96 + Math.cos(a) * 16,
        -50 + Math.sin(a) * 16,
        3,
        WHITE,
        0.9,
      );
    }
  },

  bottle(p, tint, cat) {
    p.shadow(64, 60);
    p.rr(-34, -22, 68, 88, 14, tint);
    p.el(0, -22, 34, 18, tint);
    p.rr(-12, -64, 24, 46, 6, tint);
    p.rr(-15, -78, 30, 16, 4, darken(cat, 0.45));
    p.rr(-34, 4, 68, 36, 3, hex('#fffaf0'));
    p.rect(-34, 12, 68, 7, cat);
    p.rect(-22, 26, 44, 4, darken(cat, 0.3));
    p.rr(-25, -16, 7, 74, 3, WHITE, 0.28);
  },

  glass(p, tint) {
    p.shadow(64, 58);
    p.poly(
      [
        [-40, -54],
        [40, -54],
        [31, 62],
        [-31, 62],
      ],
      hex('#e6f2f7'),
      0.9,
    );
    p.poly(
      [
        [-36, -28],
        [36, -28],
        [29, 58],
        [-29, 58],
      ],
      tint,
    );
    p.el(0, -28, 36, 7, lighten(tint, 0.4));
    p.ln(12, -78, 22, -24, 6, hex('#e74c3c'));
    p.poly(
      [
        [-30, -48],
        [-22, -48],
        [-18, 54],
        [-24, 54],
      ],
      WHITE,
      0.35,
    );
  },

  box(p, tint, cat) {
    const rim = lighten(tint, 0.15);
    p.shadow(60, 92);
    const tub = (dx: number, dy: number, col: Rgb) => {
      p.poly(
        [
          [dx - 72, dy - 6],
          [dx + 72, dy - 6],
          [dx + 60, dy + 52],
          [dx - 60, dy + 52],
        ],
        col,
      );
      p.rr(dx - 78, dy - 20, 156, 16, 6, hex('#e8f4f8'), 0.85);
      p.rr(dx - 78, dy - 8, 156, 5, 2, rim);
    };
    tub(-10, -30, darken(tint, 0.12));
    tub(6, 8, tint);
    p.rr(-24, 22, 60, 16, 4, lighten(cat, 0.75));
    p.rr(-16, 27, 44, 5, 2, cat);
  },

  bowl(p, tint, _cat, rng) {
    const china = hex('#f7f7f2');
    p.shadow(60, 70);
    p.rr(-32, 44, 64, 12, 4, darken(china, 0.12));
    p.lowerHalf(0, 0, 84, 52, china);
    p.lowerHalf(0, 12, 80, 26, hex('#2f5fa7'), 0.85);
    p.lowerHalf(0, 12, 80, 20, china);
    p.el(0, 0, 84, 14, darken(china, 0.08));
    p.el(0, 0, 76, 10, tint);
    for (let i = 0; i < 4; i++) {
      p.el(
        rng.int(-50, 40),
        rng.int(-6, 2),
        15,
        5.5,
        hex(i % 2 ? '#2e7d32' : '#43a047'),
        1,
        rng.next() * 2 - 1,
      );
    }
    p.ln(28, -4, 54, -14, 5, hex('#e53935'));
    p.ln(52, -13, 60, -20, 2, hex('#2e7d32'));
  },

  can(p, tint, cat) {
    p.shadow(64, 60);
    p.el(0, 56, 46, 10, darken(tint, 0.25));
    p.rect(-46, -44, 92, 100, tint);
    p.rect(-46, -14, 92, 46, lighten(cat, 0.82));
    p.rect(-46, -4, 92, 9, cat);
    p.rect(-30, 14, 60, 5, darken(cat, 0.3));
    p.el(0, 32, 46, 5, lighten(cat, 0.82));
    p.el(0, -44, 46, 10, hex('#d0d4d8'));
    p.el(0, -44, 39, 7, hex('#aeb4ba'));
    p.rect(-34, -40, 8, 92, WHITE, 0.28);
  },

  tray(p, tint, _cat, rng) {
    p.shadow(56, 96);
    p.rr(-94, -14, 188, 66, 12, hex('#eceff1'));
    p.rr(-86, -7, 172, 52, 9, hex('#cfd8dc'));
    for (let i = 0; i < 9; i++) {
      const x = -60 + (i % 5) * 30 + rng.int(-4, 4);
      const y = i < 5 ? 8 : 28;
      const col = vary(rng, tint, 0.1);
      p.el(
        x + (i < 5 ? 0 : 15),
        y + rng.int(-3, 3),
        18,
        12,
        darken(col, 0.15),
        1,
        rng.next() - 0.5,
      );
      p.el(x + (i < 5 ? 0 : 15), y - 2, 16, 10, col, 1, rng.next() - 0.5);
    }
  },

  flat(p, tint, _cat, rng) {
    p.shadow(56, 84);
    for (let i = 0; i < 4; i++) {
      p.el(0, 36 - i * 11, 78, 20, darken(tint, 0.18));
      p.el(0, 33 - i * 11, 76, 18, i === 3 ? tint : darken(tint, 0.06));
    }
    for (let i = 0; i < 14; i++) {
      p.el(rng.int(-58, 58), rng.int(-10, 10), rng.int(3, 6), 2.5, darken(tint, 0.35), 0.55);
    }
  },

  cup(p, tint) {
    const china = hex('#fafafa');
    p.el(0, 54, 76, 15, darken(china, 0.1));
    p.el(0, 52, 72, 13, china);
    p.ln(44, -8, 62, 0, 7, china);
    p.ln(62, 0, 58, 24, 7, china);
    p.ln(58, 24, 36, 32, 7, china);
    p.poly(
      [
        [-46, -22],
        [46, -22],
        [34, 48],
        [-34, 48],
      ],
      china,
    );
    p.el(0, -22, 46, 9, darken(china, 0.12));
    p.el(0, -22, 41, 7, tint);
    for (const sx of [-14, 6]) {
      p.ln(sx, -36, sx + 6, -50, 3, WHITE, 0.6);
      p.ln(sx + 6, -50, sx, -64, 3, WHITE, 0.6);
    }
    p.el(-72, 44, 11, 5, hex('#3b5d2e'), 1, 0.5);
    p.el(-60, 48, 10, 4, hex('#4a7a3a'), 1, -0.4);
  },
};

export interface TileInput {
  name: string;
  unit: string;
  categoryColor: string;
  motif: Motif;
  tint?: string;
}

/** A 320x240 product tile: category colour, a drawing of the goods, unit chip and name. */
export function productTile(input: TileInput): Promise<Buffer> {
  const W = 320;
  const H = 240;
  const rng = new Rng(hashString(input.name));
  const base = shiftHue(hex(input.categoryColor), rng.int(-12, 12));
  const tint = input.tint ? hex(input.tint) : shiftHue(lighten(base, 0.3), rng.int(0, 359));
  const c = new Canvas(W, H);
  c.verticalGradient(lighten(base, 0.32), base);

  // Background pattern: diagonal stripes or a dot grid, offset per product.
  const patternColor = lighten(base, 0.5);
  const offset = rng.int(0, 40);
  if (rng.chance(0.5)) {
    const gap = rng.int(22, 34);
    for (let x = -H + offset; x < W + H; x += gap) c.line(x, 0, x + H, H, 6, patternColor, 0.18);
  } else {
    const gap = rng.int(20, 28);
    for (let y = (offset % gap) - gap; y < H; y += gap) {
      for (let x = ((offset * 2) % gap) - gap; x < W; x += gap)
        c.fillCircle(x, y, 3, patternColor, 0.3);
    }
  }
  c.fillCircle(160 + rng.int(-6, 6), 96, 86, WHITE, 0.2);

  MOTIFS[input.motif](new Pen(c, 160 + rng.int(-5, 5), 100, 0.95), tint, base, rng);

  // Unit chip, top left.
  const unit = input.unit.toUpperCase();
  const chipW = textWidth(unit, 2) + 16;
  c.fillRoundRect(10, 10, chipW, 26, 8, WHITE, 0.92);
  c.text(unit, 18, 16, 2, darken(base, 0.45));

  // Name band.
  c.fillRect(0, 180, W, 60, darken(base, 0.6), 0.88);
  c.fillRect(0, 180, W, 3, lighten(base, 0.3));
  let lines = wrapText(input.name.toUpperCase(), 24);
  if (lines.length > 2) lines = [lines[0]!, `${lines[1]!.slice(0, 22)}..`];
  const top = lines.length === 1 ? 203 : 192;
  lines.forEach((line, i) => {
    c.textCentered(line, W / 2, top + i * 21, 2, WHITE);
  });
  return c.toPng();
}

/** A 1200x400 slider banner. */
export function sliderBanner(item: InformationSeed): Promise<Buffer> {
  const W = 1200;
  const H = 400;
  const rng = new Rng(hashString(item.name));
  const [from, to] = item.colors.map(hex) as [Rgb, Rgb];
  const c = new Canvas(W, H);
  c.horizontalGradient(0, 0, W, H, from, to);
  for (let i = 0; i < 9; i++) {
    c.fillCircle(rng.int(0, W), rng.int(0, H), rng.int(40, 160), WHITE, 0.06);
  }
  c.fillCircle(960, 200, 170, WHITE, 0.16);
  MOTIFS[item.motif](new Pen(c, 960, 205, 1.9), hex(item.tint), darken(from, 0.1), rng);

  const scale = textWidth(item.headline, 8) <= 700 ? 8 : 6;
  c.text(item.headline, 72, 104, scale, darken(from, 0.5), 0.35);
  c.text(item.headline, 66, 98, scale, WHITE);
  c.text(item.subline, 70, 98 + 7 * scale + 36, 3, lighten(to, 0.75));
  const label = 'ORDER NOW';
  c.fillRoundRect(66, 286, textWidth(label, 3) + 48, 50, 25, WHITE);
  c.text(label, 90, 301, 3, darken(from, 0.2));
  return c.toPng();
}

/** A 600x600 popup card. */
export function popupImage(item: InformationSeed): Promise<Buffer> {
  const W = 600;
  const H = 600;
  const rng = new Rng(hashString(item.name));
  const [from, to] = item.colors.map(hex) as [Rgb, Rgb];
  const c = new Canvas(W, H);
  c.verticalGradient(to, from);
  c.fillRoundRect(30, 30, W - 60, H - 60, 36, WHITE, 0.12);
  c.fillCircle(300, 220, 150, WHITE, 0.18);
  MOTIFS[item.motif](new Pen(c, 300, 215, 1.6), hex(item.tint), darken(from, 0.1), rng);
  const scale = textWidth(item.headline, 5) <= 500 ? 5 : 4;
  c.textCentered(item.headline, 300, 410, scale, WHITE);
  c.textCentered(item.subline, 300, 410 + 7 * scale + 26, 3, mix(WHITE, to, 0.15));
  return c.toPng();
}
