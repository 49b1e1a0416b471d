import { randomBytes } from 'node:crypto';

/** Opaque, non-sequential ids: 96 random bits as 24 hex characters (the shape of the spec's `_id`). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}
