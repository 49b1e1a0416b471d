import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { uploadedFile } from '../../drizzle/schema';
import type { UploadOut } from '../../shared/schemas/information';
import { type Db, write } from '../platform/db';
import { AppError, badRequest, notFound } from '../platform/errors';

// Uploaded pictures (products, slider, popup). The bytes are checked by content (never by the
// client's name or type), decoded and re-encoded with sharp (which drops EXIF and other
// metadata, and turns the picture upright), and stored under a random name the server
// chooses, with a card-sized copy beside it. Only names recorded here may be deleted.

/**
 * sharp (libvips) and file-type on the first upload, not at start: together ~0.35 s of CPU and
 * ~30 MB of memory, for pictures the office uploads now and then.
 */
let imageLibs: Promise<[typeof import('sharp'), typeof import('file-type')]> | undefined;
function loadImageLibs() {
  imageLibs ??= Promise.all([import('sharp'), import('file-type')]);
  return imageLibs;
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The longest side of a stored picture, and of its card-sized copy. */
const FULL_SIDE = 1600;
const CARD_SIDE = 480;
/** What the server issues: 32 hex characters, optional "-card", jpg or png. */
export const ISSUED_NAME = /^[0-9a-f]{32}(-card)?\.(jpg|png)$/;

export type UploadResult = UploadOut;

/** The card-sized copy's URL of an uploaded picture's URL (other URLs are returned as they are). */
export function cardUrlOf(imageUrl: string): string {
  return imageUrl.replace(/^(\/uploads\/[0-9a-f]{32})\.(jpg|png)$/, '$1-card.$2');
}

/** Re-encodes an image's bytes: `{full, card}` in the same format, metadata stripped. */
export async function encodeImage(
  bytes: Buffer,
  format: 'jpg' | 'png',
): Promise<{ full: Buffer; card: Buffer }> {
  const [{ default: sharp }] = await loadImageLibs();
  const encode = (side: number) => {
    const img = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    return format === 'png'
      ? img.png({ compressionLevel: 9 }).toBuffer()
      : img.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  };
  const [full, card] = await Promise.all([encode(FULL_SIDE), encode(CARD_SIDE)]);
  return { full, card };
}

export async function storeUpload(
  db: Db,
  uploadsDir: string,
  accountId: string | null,
  bytes: Buffer,
): Promise<UploadResult> {
  if (bytes.length === 0) throw badRequest('upload.noFile');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'upload.tooLarge');
  const [, { fileTypeFromBuffer }] = await loadImageLibs();
  const type = await fileTypeFromBuffer(bytes);
  const format = type?.mime === 'image/jpeg' ? 'jpg' : type?.mime === 'image/png' ? 'png' : null;
  if (!format) throw badRequest('upload.notAnImage');
  let encoded: { full: Buffer; card: Buffer };
  try {
    encoded = await encodeImage(bytes, format);
  } catch (err) {
    throw new AppError('BAD_REQUEST', 'upload.unreadable', undefined, { cause: err });
  }
  const base = crypto.randomBytes(16).toString('hex');
  const name = `${base}.${format}`;
  const cardName = `${base}-card.${format}`;
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, name), encoded.full, { flag: 'wx' });
  fs.writeFileSync(path.join(uploadsDir, cardName), encoded.card, { flag: 'wx' });
  const contentType = format === 'png' ? 'image/png' : 'image/jpeg';
  write(db, () => {
    db.insert(uploadedFile)
      .values({ name, sizeBytes: encoded.full.length, contentType, uploadedBy: accountId })
      .run();
  });
  return {
    imageUrl: `/uploads/${name}`,
    cardUrl: `/uploads/${cardName}`,
    message: 'Image uploaded successfully.',
  };
}

/** Deletes an issued picture and its card copy; anything else is refused (400) or unknown (404). */
export function deleteUpload(db: Db, uploadsDir: string, filename: string): { message: string } {
  if (!ISSUED_NAME.test(filename) || filename.includes('-card')) throw badRequest('upload.badName');
  const found = db.select().from(uploadedFile).where(eq(uploadedFile.name, filename)).get();
  if (!found) throw notFound('upload.notFound');
  write(db, () => {
    db.delete(uploadedFile).where(eq(uploadedFile.name, filename)).run();
  });
  for (const n of [filename, filename.replace(/\.(jpg|png)$/, '-card.$1')]) {
    fs.rmSync(path.join(uploadsDir, n), { force: true });
  }
  return { message: 'Image deleted' };
}
