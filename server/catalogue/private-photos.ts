import fs from 'node:fs';
import path from 'node:path';
import { type Db, write } from '../platform/db';
import { AppError } from '../platform/errors';

// The photos restaurants and drivers send (a goods claim's, a delivery's proof; ADR 051) are
// the only uploads that logins outside the office can make, so they are bounded (ADR 058): a
// day's allowance per login, and a photo never named by a claim or a delivery is removed after
// two days. A stolen restaurant password cannot fill the office box's disk.

/** Photos one login may send in 24 hours: a restaurant's claims, a driver's proofs of a day. */
export const PHOTO_ALLOWANCE = { customer: 20, driver: 150 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a photo may wait for the claim or delivery it was sent for. */
export const UNATTACHED_KEPT_MS = 2 * DAY_MS;

/** Refuses (429) a restaurant's or driver's photo beyond the day's allowance. */
export function assertPhotoAllowance(
  db: Db,
  accountId: string,
  role: keyof typeof PHOTO_ALLOWANCE,
  now = new Date(),
): void {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const sent = db.$client
    .prepare<[string, string], number>(
      'SELECT COUNT(*) FROM uploaded_file WHERE uploaded_by = ? AND created_at > ?',
    )
    .pluck()
    .get(accountId, since);
  const max = PHOTO_ALLOWANCE[role];
  if ((sent ?? 0) >= max) throw new AppError('TOO_MANY_REQUESTS', 'upload.tooMany', { max });
}

/**
 * Removes restaurants' and drivers' photos older than UNATTACHED_KEPT_MS that no claim and no
 * delivery names (the rows, then the files and their card copies). Staff pictures are not
 * touched: the catalogue's may wait in a draft for as long as the office likes.
 */
export function sweepUnattachedPhotos(db: Db, uploadsDir: string, now = new Date()): number {
  const before = new Date(now.getTime() - UNATTACHED_KEPT_MS).toISOString();
  const names = write(db, () => {
    const found = db.$client
      .prepare<[string], string>(
        `SELECT f.name FROM uploaded_file f JOIN account a ON a.id = f.uploaded_by
          WHERE f.created_at < ?
            AND (a.kind = 'customer' OR a.role = 'driver')
            AND NOT EXISTS (SELECT 1 FROM goods_claim c WHERE c.photo = f.name)
            AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.proof_image = f.name)`,
      )
      .pluck()
      .all(before);
    const remove = db.$client.prepare('DELETE FROM uploaded_file WHERE name = ?');
    for (const name of found) remove.run(name);
    return found;
  });
  for (const name of names) {
    for (const n of [name, name.replace(/\.(jpg|png)$/, '-card.$1')]) {
      fs.rmSync(path.join(uploadsDir, n), { force: true });
    }
  }
  return names.length;
}
