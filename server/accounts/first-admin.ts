import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { account } from '../../drizzle/schema';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { newId } from '../platform/ids';
import { hashPassword } from './passwords';

/**
 * First start on an empty database: one admin from ADMIN_USERNAME / ADMIN_PASSWORD, or a
 * generated password printed once. Returns what it printed, for the caller to log.
 */
export async function ensureFirstAdmin(db: Db, config: Config): Promise<string | null> {
  const existing = db.select({ n: count() }).from(account).get();
  if ((existing?.n ?? 0) > 0) return null;
  const username = (config.adminUsername ?? 'admin').toLowerCase();
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // Re-check inside the write: two processes starting at once must not both create one.
  const created = db.transaction((tx) => {
    const n = tx.select({ n: count() }).from(account).get()?.n ?? 0;
    if (n > 0) return false;
    // Named by its username (ADR 056): the home greets "ようこそ、owner様", not a generic
    // "Administrator" nobody is called. No screen renames an admin yet.
    tx.insert(account)
      .values({ id: newId(), username, passwordHash, kind: 'admin', name: username })
      .run();
    return true;
  });
  if (!created) return null;
  return generated
    ? `Created the first admin "${username}" with password: ${password}  (shown once; change it)`
    : `Created the first admin "${username}" from ADMIN_USERNAME / ADMIN_PASSWORD`;
}
