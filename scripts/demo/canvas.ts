import { encodePng } from './png';

// A tiny raster canvas for the demo images: filled shapes with alpha, drawn at 2x and
// box-filtered down, which gives smooth edges without any anti-aliasing logic.

export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

export function hex(color: string): Rgb {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

export const lighten = (c: Rgb, t: number): Rgb => mix(c, [255, 255, 255], t);
export const darken = (c: Rgb, t: number): Rgb => mix(c, [0, 0, 0], t);

/** Rotates the hue of a colour by `degrees` (keeps lightness and saturation). */
export function shiftHue(c: Rgb, degrees: number): Rgb {
  const [r, g, b] = c.map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return c;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + degrees + 720) % 360;
  const cc = (1 - Math.abs(2 * l - 1)) * s;
  const x = cc * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - cc / 2;
  const [r1, g1, b1] =
    h < 60
      ? [cc, x, 0]
      : h < 120
        ? [x, cc, 0]
        : h < 180
          ? [0, cc, x]
          : h < 240
            ? [0, x, cc]
            : h < 300
              ? [x, 0, cc]
              : [cc, 0, x];
  return [Math.round((r1 + m) * 255), Math.round((g1 + m) * 255), Math.round((b1 + m) * 255)];
}

// 5x7 bitmap font: upper case, digits and the punctuation product names use.
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  '/': '00000 00001 00010 00100 01000 10000 00000',
  "'": '01100 00100 01000 00000 00000 00000 00000',
  '%': '11000 11001 00010 00100 01000 10011 00011',
  '(': '00010 00100 01000 01000 01000 00100 00010',
  ')': '01000 00100 00010 00010 00010 00100 01000',
  '+': '00000 00100 00100 11111 00100 00100 00000',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  '!': '00100 00100 00100 00100 00100 00000 00100',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '¥': '10001 01010 00100 11111 00100 11111 00100',
};
const GLYPH_ROWS = Object.fromEntries(
  Object.entries(GLYPHS).map(([ch, rows]) => [ch, rows.split(' ')]),
) as Record<string, string[]>;

/** Width in pixels of `text` drawn at `scale` (5 columns plus 1 of spacing per character). */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : text.length * 6 * scale - scale;
}

/** Greedy word wrap to lines of at most `maxChars`; a word longer than that is cut. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = word.length > maxChars ? word.slice(0, maxChars) : word;
    if (!line) line = w;
    else if (line.length + 1 + w.length <= maxChars) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export class Canvas {
  /** Device pixels (the supersampled buffer). */
  private readonly W: number;
  private readonly H: number;
  private readonly px: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly ss = 2,
  ) {
    this.W = width * ss;
    this.H = height * ss;
    this.px = new Uint8Array(this.W * this.H * 3);
  }

  /** Fills device row `y` from x0 (inclusive) to x1 (exclusive). */
  private span(y: number, x0: number, x1: number, c: Rgb, a: number): void {
    if (y < 0 || y >= this.H) return;
    const from = Math.max(0, x0);
    const to = Math.min(this.W, x1);
    if (to <= from) return;
    let i = (y * this.W + from) * 3;
    if (a >= 1) {
      for (let x = from; x < to; x++, i += 3) {
        this.px[i] = c[0];
        this.px[i + 1] = c[1];
        this.px[i + 2] = c[2];
      }
      return;
    }
    const b = 1 - a;
    for (let x = from; x < to; x++, i += 3) {
      this.px[i] = this.px[i]! * b + c[0] * a;
      this.px[i + 1] = this.px[i + 1]! * b + c[1] * a;
      this.px[i + 2] = this.px[i + 2]! * b + c[2] * a;
    }
  }

  fillRect(x: number, y: number, w: number, h: number, c: Rgb, a = 1): void {
    const s = this.ss;
    const y0 = Math.round(y * s);
    const y1 = Math.round((y + h) * s);
    const x0 = Math.round(x * s);
    const x1 = Math.round((x + w) * s);
    for (let yy = y0; yy < y1; yy++) this.span(yy, x0, x1, c, a);
  }

  /** Top-to-bottom gradient over the whole canvas. */
  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let yy = 0; yy < this.H; yy++) this.span(yy, 0, this.W, mix(top, bottom, yy / this.H), 1);
  }

  /** Left-to-right gradient over a rectangle. */
  horizontalGradient(x: number, y: number, w: number, h: number, left: Rgb, right: Rgb): void {
    const steps = Math.max(1, Math.round(w));
    for (let i = 0; i < steps; i++) {
      this.fillRect(x + (i * w) / steps, y, w / steps, h, mix(left, right, i / steps));
    }
  }

  /** Even-odd scanline fill of a polygon (logical coordinates). */
  fillPolygon(points: readonly Point[], c: Rgb, a = 1): void {
    if (points.length < 3) return;
    const s = this.ss;
    const pts = points.map(([x, y]) => [x * s, y * s] as const);
    const minY = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[1]))));
    const maxY = Math.min(this.H - 1, Math.ceil(Math.max(...pts.map((p) => p[1]))));
    const xs: number[] = [];
    for (let yy = minY; yy <= maxY; yy++) {
      const cy = yy + 0.5;
      xs.length = 0;
      for (let i = 0; i < pts.length; i++) {
        const [x0, y0] = pts[i]!;
        const [x1, y1] = pts[(i + 1) % pts.length]!;
        if (y0 <= cy !== y1 <= cy) xs.push(x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0));
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        this.span(yy, Math.round(xs[k]!), Math.round(xs[k + 1]!), c, a);
      }
    }
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, a = 1, rotation = 0): void {
    if (rotation !== 0) {
      this.fillPolygon(ellipsePoints(cx, cy, rx, ry, rotation), c, a);
      return;
    }
    const s = this.ss;
    const y0 = Math.floor((cy - ry) * s);
    const y1 = Math.ceil((cy + ry) * s);
    for (let yy = y0; yy <= y1; yy++) {
      const dy = (yy + 0.5 - cy * s) / (ry * s);
      if (dy < -1 || dy > 1) continue;
      const half = rx * s * Math.sqrt(1 - dy * dy);
      this.span(yy, Math.round(cx * s - half), Math.round(cx * s + half), c, a);
    }
  }

  fillCircle(cx: number, cy: number, r: number, c: Rgb, a = 1): void {
    this.fillEllipse(cx, cy, r, r, c, a);
  }

  fillRoundRect(x: number, y: number, w: number, h: number, r: number, c: Rgb, a = 1): void {
    const s = this.ss;
    const rr = Math.min(r, w / 2, h / 2) * s;
    const X0 = x * s;
    const X1 = (x + w) * s;
    const Y0 = Math.round(y * s);
    const Y1 = Math.round((y + h) * s);
    for (let yy = Y0; yy < Y1; yy++) {
      const cy = yy + 0.5;
      const d = Math.min(cy - y * s, (y + h) * s - cy);
      const inset = d < rr ? rr - Math.sqrt(Math.max(0, rr * rr - (rr - d) * (rr - d))) : 0;
      this.span(yy, Math.round(X0 + inset), Math.round(X1 - inset), c, a);
    }
  }

  /** A thick straight stroke with round ends. */
  line(x0: number, y0: number, x1: number, y1: number, width: number, c: Rgb, a = 1): void {
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = (-(y1 - y0) / len) * (width / 2);
    const ny = ((x1 - x0) / len) * (width / 2);
    this.fillPolygon(
      [
        [x0 + nx, y0 + ny],
        [x1 + nx, y1 + ny],
        [x1 - nx, y1 - ny],
        [x0 - nx, y0 - ny],
      ],
      c,
      a,
    );
    this.fillCircle(x0, y0, width / 2, c, a);
    this.fillCircle(x1, y1, width / 2, c, a);
  }

  /** Bitmap text, upper-cased; unknown characters draw as '?'. */
  text(str: string, x: number, y: number, scale: number, c: Rgb, a = 1): void {
    let cx = x;
    for (const ch of str.toUpperCase()) {
      const rows = GLYPH_ROWS[ch] ?? GLYPH_ROWS['?']!;
      for (let r = 0; r < 7; r++) {
        const bits = rows[r]!;
        for (let col = 0; col < 5; col++) {
          if (bits[col] === '1') this.fillRect(cx + col * scale, y + r * scale, scale, scale, c, a);
        }
      }
      cx += 6 * scale;
    }
  }

  textCentered(str: string, centerX: number, y: number, scale: number, c: Rgb, a = 1): void {
    this.text(str, centerX - textWidth(str.toUpperCase(), scale) / 2, y, scale, c, a);
  }

  /** The logical-size RGB pixels: each output pixel is the mean of its ss x ss block. */
  toRgb(): Uint8Array {
    const s = this.ss;
    const out = new Uint8Array(this.width * this.height * 3);
    if (s === 1) {
      out.set(this.px);
      return out;
    }
    if (s === 2) {
      const px = this.px;
      const row = this.W * 3;
      let o = 0;
      for (let y = 0; y < this.height; y++) {
        let i = y * 2 * row;
        for (let x = 0; x < this.width; x++, i += 6) {
          for (let ch = 0; ch < 3; ch++) {
            const j = i + ch;
            out[o++] = (px[j]! + px[j + 3]! + px[j + row]! + px[j + row + 3]! + 2) >> 2;
          }
        }
      }
      return out;
    }
    const n = s * s;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dy = 0; dy < s; dy++) {
          let i = ((y * s + dy) * this.W + x * s) * 3;
          for (let dx = 0; dx < s; dx++, i += 3) {
            r += this.px[i]!;
            g += this.px[i + 1]!;
            b += this.px[i + 2]!;
          }
        }
        const o = (y * this.width + x) * 3;
        out[o] = Math.round(r / n);
        out[o + 1] = Math.round(g / n);
        out[o + 2] = Math.round(b / n);
      }
    }
    return out;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.toRgb());
  }
}

export function ellipsePoints(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rotation = 0,
  steps = 48,
): Point[] {
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const pts: Point[] = [];
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    const x = Math.cos(t) * rx;
    const y = Math.sin(t) * ry;
    pts.push([cx + x * cos - y * sin, cy + x * sin + y * cos]);
  }
  return pts;
}
