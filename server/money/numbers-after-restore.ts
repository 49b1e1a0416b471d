import Database from 'better-sqlite3';
import { DOCUMENT_KINDS, type DocumentKind } from '../../shared/enums';
import { formatOrderNumber } from '../../shared/format';
import { DOCUMENT_PREFIX, documentNumber } from './numbering';

// A restore must not give out again a number customers already hold (ADR 061): a qualified
// invoice's number may never repeat, and an order number is the restaurant's reference. A
// backup's counters stop where the backup was taken; the database it replaces, when it can
// still be read, knows every number issued since. `npm run restore` writes, into the copy it
// is about to put in place, each counter as the highest of the backup's, the replaced
// database's and any the keeper names (`--last-issued`, when the old database is lost).

/** Each document kind, and the order numbers (`counter` 'order_number'). */
export type NumberedKind = DocumentKind | 'order';
const NUMBERED: readonly NumberedKind[] = [...DOCUMENT_KINDS, 'order'];

/** The last number issued of each kind (0: none yet). */
export type LastNumbers = Partial<Record<NumberedKind, number>>;

const LABEL: Record<NumberedKind, string> = {
  invoice: 'Invoice',
  slip: 'Delivery slip',
  statement: 'Statement',
  receipt: 'Receipt',
  creditNote: 'Credit note',
  order: 'Order',
};

function shown(kind: NumberedKind, n: number): string {
  return kind === 'order' ? formatOrderNumber(n) : documentNumber(kind, n);
}

function hasTable(db: Database.Database, name: string): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}

/** The counters in an open database; kinds its schema cannot hold are left out. */
function countersIn(db: Database.Database): LastNumbers {
  const out: LastNumbers = {};
  if (hasTable(db, 'document_counter')) {
    for (const kind of DOCUMENT_KINDS) out[kind] = 0;
    const rows = db.prepare('SELECT kind, last FROM document_counter').all() as {
      kind: string;
      last: number;
    }[];
    for (const r of rows) {
      if ((DOCUMENT_KINDS as readonly string[]).includes(r.kind)) {
        out[r.kind as DocumentKind] = r.last;
      }
    }
  }
  if (hasTable(db, 'counter')) {
    // Orders take MAX(value, highest order in the table) + 1: both count as issued.
    const fromCounter = db
      .prepare("SELECT value FROM counter WHERE name = 'order_number'")
      .pluck()
      .get() as number | undefined;
    const fromOrders = hasTable(db, 'customer_order')
      ? (db.prepare('SELECT MAX(order_number) FROM customer_order').pluck().get() as number | null)
      : null;
    out.order = Math.max(fromCounter ?? 0, fromOrders ?? 0);
  }
  return out;
}

/** The counters of a database file, read without changing it (a -wal file beside it is read). */
export function readLastNumbers(file: string): LastNumbers {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return countersIn(db);
  } finally {
    db.close();
  }
}

export class LastIssuedInvalid extends Error {}

/**
 * `--last-issued INV-000611,DS-000300,#10234`: the last number of each kind issued, as printed
 * (document numbers by their prefix, order numbers as #n). Throws LastIssuedInvalid naming the
 * first token it cannot read.
 */
export function parseLastIssued(text: string): LastNumbers {
  const byPrefix = new Map(
    Object.entries(DOCUMENT_PREFIX).map(([kind, prefix]) => [prefix, kind as DocumentKind]),
  );
  const out: LastNumbers = {};
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(?:([A-Za-z]+)-|#)(\d{1,9})$/.exec(token);
    const kind = !m ? undefined : m[1] === undefined ? 'order' : byPrefix.get(m[1].toUpperCase());
    const n = Number(m?.[2]);
    if (!kind || n < 1) {
      const prefixes = [...byPrefix.keys()].join(', ');
      throw new LastIssuedInvalid(
        `"${token}" is not a document number (${prefixes} followed by its digits, e.g. INV-000611) or an order number (#10234).`,
      );
    }
    out[kind] = Math.max(out[kind] ?? 0, n);
  }
  return out;
}

/** What became of one kind's numbering. */
export interface CarriedNumber {
  kind: NumberedKind;
  /** The last number in the backup. */
  inBackup: number;
  /** The last number in the replaced database; null when it was not read. */
  inReplaced: number | null;
  /** The last number the keeper named; null when none. */
  named: number | null;
  /** The last number the restored database continues after. */
  last: number;
}

export interface NumbersCarried {
  /** Whether the replaced database was read: 'none' when there was none, or why not. */
  replaced: { read: true } | { read: false; why: 'none' | string };
  numbers: CarriedNumber[];
  /** Kinds the backup's schema has no counter for (an old backup): left to the migrations. */
  notCarried: NumberedKind[];
}

/**
 * Writes into `incoming` (the checked copy of the backup, not yet in place) each counter as
 * the highest of its own, the database at `replacing` (if any and readable) and `named`.
 */
export function carryNumbersOver(
  incoming: string,
  replacing: string | null,
  named: LastNumbers = {},
): NumbersCarried {
  let old: LastNumbers | null = null;
  let replaced: NumbersCarried['replaced'] = { read: false, why: 'none' };
  if (replacing) {
    try {
      old = readLastNumbers(replacing);
      replaced = { read: true };
    } catch (err) {
      replaced = { read: false, why: (err as Error).message || String(err) };
    }
  }

  const db = new Database(incoming, { fileMustExist: true });
  try {
    return db
      .transaction((): NumbersCarried => {
        const backup = countersIn(db);
        const numbers: CarriedNumber[] = [];
        const notCarried: NumberedKind[] = [];
        for (const kind of NUMBERED) {
          const inBackup = backup[kind];
          if (inBackup === undefined) {
            notCarried.push(kind);
            continue;
          }
          const inReplaced = old ? (old[kind] ?? 0) : null;
          const given = named[kind] ?? null;
          const last = Math.max(inBackup, inReplaced ?? 0, given ?? 0);
          if (last > inBackup) {
            if (kind === 'order') {
              db.prepare(
                `INSERT INTO counter (name, value) VALUES ('order_number', ?)
                 ON CONFLICT (name) DO UPDATE SET value = MAX(value, excluded.value)`,
              ).run(last);
            } else {
              db.prepare(
                `INSERT INTO document_counter (kind, last) VALUES (?, ?)
                 ON CONFLICT (kind) DO UPDATE SET last = MAX(last, excluded.last)`,
              ).run(kind, last);
            }
          }
          numbers.push({ kind, inBackup, inReplaced, named: given, last });
        }
        return { replaced, numbers, notCarried };
      })
      .immediate();
  } finally {
    db.close();
  }
}

/** What the keeper reads after the restore: where each kind's numbers continue, and why. */
export function describeNumbers(result: NumbersCarried, replacingPath: string | null): string[] {
  const lines: string[] = [];
  for (const n of result.numbers) {
    const next = shown(n.kind, n.last + 1);
    const skipped = n.last - n.inBackup;
    if (skipped === 0) {
      const why =
        n.inReplaced === null ? 'as in the backup' : 'as in the backup: none issued after it';
      lines.push(`${LABEL[n.kind]} numbers continue from ${next}, ${why}.`);
      continue;
    }
    const first = shown(n.kind, n.inBackup + 1);
    const lastShown = shown(n.kind, n.last);
    const range = skipped === 1 ? first : `${first} to ${lastShown}`;
    const source =
      n.inReplaced !== null && n.inReplaced >= (n.named ?? 0)
        ? 'the replaced database'
        : '--last-issued';
    lines.push(
      n.kind === 'order'
        ? `Order numbers continue from ${next}: ${skipped} ${skipped === 1 ? 'order' : 'orders'} placed after the backup (${range}, known from ${source}) ${skipped === 1 ? 'is' : 'are'} not in it; enter ${skipped === 1 ? 'it' : 'them'} again.`
        : `${LABEL[n.kind]} numbers continue from ${next}: ${skipped} ${skipped === 1 ? 'number' : 'numbers'} issued after the backup (${range}, known from ${source}) ${skipped === 1 ? 'is' : 'are'} not in it; ${skipped === 1 ? 'its document' : 'their documents'} may exist on paper or e-mail.`,
    );
  }
  if (result.notCarried.length > 0) {
    lines.push(
      `This backup is from a version without counters for: ${result.notCarried.map((k) => LABEL[k]).join(', ')}; those numbers continue from the highest in the backup.`,
    );
  }
  if (!result.replaced.read) {
    const why =
      result.replaced.why === 'none'
        ? `There was no database at ${replacingPath ?? 'the data directory'} to compare with`
        : `The database being replaced could not be read (${result.replaced.why})`;
    const named = result.numbers.some((n) => n.named !== null);
    lines.unshift(
      `${why}, so numbers continue from the backup's${named ? ' and the ones named with --last-issued' : ''}.`,
    );
    if (!named) {
      lines.push(
        'If documents were issued or orders placed after this backup was taken, their numbers would be given again. Before starting the server, restore again naming the last number of each kind issued (from the latest printed or e-mailed documents), e.g.:',
        '  npm run restore -- --last-issued INV-000611,DS-000300,RC-000140 <backup file>',
      );
    }
  }
  return lines;
}
