import sharp from 'sharp';

// The demo pictures' drawing surface: filled shapes with alpha, kept as SVG and rendered to PNG
// by sharp (the same library that re-encodes uploads), so the demo carries no rasteriser or
// PNG encoder of its own.

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

const n = (v: number) => Math.round(v * 100) / 100;
const rgb = (c: Rgb) => `rgb(${c[0]},${c[1]},${c[2]})`;
const esc = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private fill(c: Rgb, a: number): string {
    return a >= 1 ? `fill="${rgb(c)}"` : `fill="${rgb(c)}" fill-opacity="${n(a)}"`;
  }

  fillRect(x: number, y: number, w: number, h: number, c: Rgb, a = 1): void {
    this.body.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" ${this.fill(c, a)}/>`,
    );
  }

  private gradient(x2: number, y2: number, from: Rgb, to: Rgb): string {
    const id = `g${this.defs.length}`;
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${rgb(from)}"/><stop offset="1" stop-color="${rgb(to)}"/></linearGradient>`,
    );
    return id;
  }

  verticalGradient(top: Rgb, bottom: Rgb): void {
    const id = this.gradient(0, 1, top, bottom);
    this.body.push(`<rect width="${this.width}" height="${this.height}" fill="url(#${id})"/>`);
  }

  horizontalGradient(x: number, y: number, w: number, h: number, left: Rgb, right: Rgb): void {
    const id = this.gradient(1, 0, left, right);
    this.body.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#${id})"/>`,
    );
  }

  fillPolygon(points: readonly Point[], c: Rgb, a = 1): void {
    const pts = points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
    this.body.push(`<polygon points="${pts}" ${this.fill(c, a)}/>`);
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, a = 1, rotation = 0): void {
    const rot = rotation
      ? ` transform="rotate(${n((rotation * 180) / Math.PI)} ${n(cx)} ${n(cy)})"`
      : '';
    this.body.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${rot} ${this.fill(c, a)}/>`,
    );
  }

  fillCircle(cx: number, cy: number, r: number, c: Rgb, a = 1): void {
    this.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${this.fill(c, a)}/>`);
  }

  fillRoundRect(x: number, y: number, w: number, h: number, r: number, c: Rgb, a = 1): void {
    const rr = Math.min(r, w / 2, h / 2);
    this.body.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rr)}" ${this.fill(c, a)}/>`,
    );
  }

  /** A thick straight stroke with round ends. */
  line(x0: number, y0: number, x1: number, y1: number, width: number, c: Rgb, a = 1): void {
    const op = a >= 1 ? '' : ` stroke-opacity="${n(a)}"`;
    this.body.push(
      `<line x1="${n(x0)}" y1="${n(y0)}" x2="${n(x1)}" y2="${n(y1)}" stroke="${rgb(c)}" stroke-width="${n(width)}" stroke-linecap="round"${op}/>`,
    );
  }

  /**
   * Upper-cased bold text whose top-left is (x, y), `7 * scale` high and exactly
   * `textWidth(str, scale)` wide, so layouts computed with textWidth hold.
   */
  text(str: string, x: number, y: number, scale: number, c: Rgb, a = 1): void {
    const t = str.toUpperCase();
    if (!t) return;
    const op = a >= 1 ? '' : ` fill-opacity="${n(a)}"`;
    this.body.push(
      `<text x="${n(x)}" y="${n(y + 7 * scale)}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-weight="700" font-size="${n(8.2 * scale)}" textLength="${n(textWidth(t, scale))}" lengthAdjust="spacingAndGlyphs" fill="${rgb(c)}"${op}>${esc(t)}</text>`,
    );
  }

  textCentered(str: string, centerX: number, y: number, scale: number, c: Rgb, a = 1): void {
    this.text(str, centerX - textWidth(str.toUpperCase(), scale) / 2, y, scale, c, a);
  }

  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }

  /** The picture as PNG, rendered (anti-aliased) and encoded by sharp. */
  toPng(): Promise<Buffer> {
    return sharp(Buffer.from(this.toSvg())).png({ compressionLevel: 9 }).toBuffer();
  }
}
