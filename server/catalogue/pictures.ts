import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { uploadedFile } from '../../drizzle/schema';
import type { AccountKind, EmployeeRole } from '../../shared/enums';
import type { UploadOut } from '../../shared/schemas/information';
import { isStaff } from '../accounts/sessions';
import { loadCustomerForAccount } from '../context';
import { StampedCache, tableStamp } from '../platform/cache';
import { type Db, write } from '../platform/db';
import { AppError, badRequest, notFound } from '../platform/errors';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';

// Uploaded pictures (products, slider, popup, staff photos, and the photos drivers and
// restaurants send: proof of delivery, goods claims). The bytes are checked by content (never
// by the client's name or type), decoded and re-encoded with sharp (which drops EXIF and other
// metadata, and turns the picture upright), and stored under a random name the server
// chooses, with a card-sized copy beside it. Only names recorded here may be deleted.
// Who may see one is decided by `uploadAudience` below (docs/decisions/051).

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

/**
 * Who may see an uploaded file (docs/decisions/051). Public: anyone, cached for good (the
 * catalogue's and staff pictures). Private: staff, and the restaurants and drivers named here.
 */
export type UploadAudience =
  | { readonly private: false }
  | {
      readonly private: true;
      readonly customerIds: readonly string[];
      readonly driverIds: readonly string[];
    };

const PUBLIC: UploadAudience = Object.freeze({ private: false });

/** The stored picture a name stands for: its card copy belongs with it. */
function originalName(name: string): string {
  return name.replace(/-card\.(jpg|png)$/, '.$1');
}

type UploaderRow = {
  uploadedBy: string | null;
  kind: AccountKind | null;
  role: EmployeeRole | null;
};

function audienceNow(db: Db, name: string): UploadAudience {
  const row = prepared(db, 'upload.uploader', () =>
    db.$client.prepare<[string], UploaderRow>(
      `SELECT f.uploaded_by AS uploadedBy, a.kind AS kind, a.role AS role
         FROM uploaded_file f LEFT JOIN account a ON a.id = f.uploaded_by
        WHERE f.name = ?`,
    ),
  ).get(name);
  // Not an upload the server recorded (a file put there by hand): as before, public.
  if (!row) return PUBLIC;
  if (row.uploadedBy && row.kind) {
    // Staff upload the catalogue's, the slider's and their own pictures.
    if (isStaff({ kind: row.kind, role: row.role })) return PUBLIC;
    // A restaurant's login (its owner or one of its people): the restaurant's photo.
    if (row.kind === 'customer') {
      const c = loadCustomerForAccount(db, row.uploadedBy);
      return { private: true, customerIds: c ? [c.id] : [], driverIds: [] };
    }
    return { private: true, customerIds: [], driverIds: [row.uploadedBy] };
  }
  // The uploader's account is gone (deleted logins leave uploaded_by empty): the records that
  // name the file say whose it is. Neither column has an index: a scan, kept by the cache below.
  const claims = prepared(db, 'upload.claimsNaming', () =>
    db.$client
      .prepare<[string], string | null>('SELECT customer_id FROM goods_claim WHERE photo = ?')
      .pluck(),
  ).all(name);
  const jobs = prepared(db, 'upload.jobsNaming', () =>
    db.$client
      .prepare<[string], string | null>(
        'SELECT delivered_by FROM delivery_job WHERE proof_image = ?',
      )
      .pluck(),
  ).all(name);
  if (claims.length === 0 && jobs.length === 0) return PUBLIC;
  return {
    private: true,
    customerIds: claims.filter((id): id is string => id !== null),
    driverIds: jobs.filter((id): id is string => id !== null),
  };
}

/**
 * What an audience depends on: the upload's row, its uploader (account, its restaurant), and,
 * for an upload whose uploader is gone, the claims and delivery jobs naming it. A job's other
 * columns (delivered, when, to whom) move every day and leave the stamp alone.
 */
const audienceStamp = (db: Db) =>
  tableStamp(
    db,
    'uploads',
    ['uploaded_file', 'account', 'customer', 'customer_person', 'goods_claim', 'delivery_job'],
    {
      table: 'delivery_job',
      columns: [
        'serial_no',
        'customer_id',
        'restaurant_name',
        'order_id',
        'prepared_by',
        'is_delivered',
        'delivered_at',
        'recipient_name',
        'created_at',
      ],
      unless: '0',
    },
  );

const audiences = new WeakMap<Db, StampedCache<string, UploadAudience>>();

/** Who may see the uploaded file `name` (or its card copy). */
export function uploadAudience(db: Db, name: string): UploadAudience {
  let cache = audiences.get(db);
  if (!cache) {
    cache = new StampedCache(db, 2000, audienceStamp);
    audiences.set(db, cache);
  }
  const original = originalName(name);
  return cache.getOrMake(original, () => audienceNow(db, original));
}

/**
 * Whether a caller may see an upload: a public one anyone; a private one staff (`all`), the
 * restaurant it belongs to, or the driver it belongs to. No scope (no session) sees no private
 * photo.
 */
export function mayView(audience: UploadAudience, scope: Scope | null): boolean {
  if (!audience.private) return true;
  if (!scope) return false;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'customer':
      return audience.customerIds.includes(scope.customerId);
    case 'driver':
      return audience.driverIds.includes(scope.driverId);
  }
}
