import { deflateSync } from 'node:zlib';

// A minimal PNG encoder (8-bit truecolour, no alpha): signature, IHDR, one IDAT, IEND.
// Each row gets the cheapest of the None / Sub / Up filters, which keeps flat tiles small.

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

/** Encodes `rgb` (width * height * 3 bytes, row-major) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`bad image size ${width}x${height}`);
  }
  const stride = width * 3;
  if (rgb.length !== stride * height) throw new Error('pixel buffer does not match the size');

  const raw = Buffer.alloc((stride + 1) * height);
  const sub = new Uint8Array(stride);
  const up = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let costNone = 0;
    let costSub = 0;
    let costUp = 0;
    for (let i = 0; i < stride; i++) {
      const v = rgb[row + i]!;
      const left = i >= 3 ? rgb[row + i - 3]! : 0;
      const above = y > 0 ? rgb[row - stride + i]! : 0;
      const s = (v - left) & 0xff;
      const u = (v - above) & 0xff;
      sub[i] = s;
      up[i] = u;
      costNone += v < 128 ? v : 256 - v;
      costSub += s < 128 ? s : 256 - s;
      costUp += u < 128 ? u : 256 - u;
    }
    const at = y * (stride + 1);
    if (costUp <= costSub && costUp <= costNone) {
      raw[at] = 2;
      raw.set(up, at + 1);
    } else if (costSub <= costNone) {
      raw[at] = 1;
      raw.set(sub, at + 1);
    } else {
      raw[at] = 0;
      raw.set(rgb.subarray(row, row + stride), at + 1);
    }
  }

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
