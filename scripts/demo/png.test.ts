import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Canvas, wrapText } from './canvas';
import { crc32, encodePng, PNG_SIGNATURE } from './png';

/** Reads back what encodePng writes (truecolour, filters None / Sub / Up). */
function decode(png: Buffer) {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  let off = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('ascii', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    expect(png.readUInt32BE(off + 8 + len)).toBe(crc32(png, off + 4, off + 8 + len));
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    expect([0, 1, 2]).toContain(filter);
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= 3 ? rgb[y * stride + i - 3]! : 0;
      const up = y > 0 ? rgb[(y - 1) * stride + i]! : 0;
      rgb[y * stride + i] = (filter === 0 ? v : filter === 1 ? v + left : v + up) & 0xff;
    }
  }
  return { width, height, rgb };
}

describe('encodePng', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips pixels exactly', () => {
    const width = 7;
    const height = 5;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37 + (i >> 3) * 11) & 0xff;
    const out = decode(encodePng(width, height, rgb));
    expect(out.width).toBe(width);
    expect(out.height).toBe(height);
    expect([...out.rgb]).toEqual([...rgb]);
  });

  it('rejects a buffer that does not match the size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(5))).toThrow();
  });
});

describe('Canvas', () => {
  it('draws shapes and averages the supersampled pixels', () => {
    const c = new Canvas(4, 2);
    c.fillRect(0, 0, 4, 2, [0, 0, 0]);
    c.fillRect(0, 0, 2, 2, [200, 100, 50]);
    c.fillRect(2, 0, 0.5, 2, [255, 255, 255]);
    const { rgb } = decode(c.toPng());
    expect([...rgb.subarray(0, 3)]).toEqual([200, 100, 50]);
    expect([...rgb.subarray(6, 9)]).toEqual([128, 128, 128]);
    expect([...rgb.subarray(9, 12)]).toEqual([0, 0, 0]);
  });

  it('wraps text on word boundaries', () => {
    expect(wrapText('BASMATI RICE INDIA GATE CLASSIC 5KG', 24)).toEqual([
      'BASMATI RICE INDIA GATE',
      'CLASSIC 5KG',
    ]);
  });
});
