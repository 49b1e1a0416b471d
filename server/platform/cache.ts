import { createHash, randomBytes } from 'node:crypto';
import { type Db, writeCount } from './db';
import { freezeAnswer } from './output';
import { dataVersion } from './prepared';

const epochs = new WeakMap<Db, string>();

/** A random name for this opening of `db`, so stamps never repeat across restarts. */
function epochOf(db: Db): string {
  let epoch = epochs.get(db);
  if (epoch === undefined) {
    epoch = randomBytes(4).toString('hex');
    epochs.set(db, epoch);
  }
  return epoch;
}

/**
 * The version of everything in `db` as far as a cache can tell: this process's write() count
 * plus SQLite's data_version, which moves when another connection (a script, a restore)
 * commits, behind a random epoch per opening (both counters start again after a restart, and
 * a stamp from before must not match). A cached answer made at one stamp is valid exactly
 * while the stamp is unchanged.
 */
export function cacheStamp(db: Db): string {
  return `${epochOf(db)}.${writeCount(db)}.${dataVersion(db)}`;
}

/** Per connection: the change counter of each stamped group of tables. */
const stampCounters = new WeakMap<Db, Map<string, number>>();

/**
 * The version of a few tables, for caches whose answers depend on those alone (the catalogue
 * on products and categories; who a session is on sessions, accounts, customers and routes).
 * TEMP triggers on this connection call `app_stamp_bump(name)` on any insert, update or delete
 * of those tables, whoever makes it, and that function adds one to a counter kept here, so
 * reading the stamp asks SQLite nothing (it is read several times per request). A write that
 * is rolled back still bumps it: a needless miss, never a stale answer. SQLite's data_version
 * covers commits by other connections (a script, a restore). Temporary objects need no
 * migration. Writes to other tables (an order placed) leave the stamp, and so the caches, alone.
 */
/**
 * Columns of one table whose updates leave a stamp alone, unless `unless` (an SQL condition on
 * OLD and NEW) holds: e.g. a product's stock, which every order for it moves, matters to the
 * catalogue only when it reaches or leaves zero (Out of Stock by itself).
 */
export interface QuietColumns {
  table: string;
  columns: readonly string[];
  unless: string;
}

/** The WHEN of an update trigger that ignores `quiet`'s columns (columns read from the table). */
function updateCondition(db: Db, quiet: QuietColumns): string {
  const columns = db.$client
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${quiet.table}')`)
    .all()
    .map((c) => c.name)
    .filter((c) => !quiet.columns.includes(c));
  const changed = columns.map((c) => `OLD."${c}" IS NOT NEW."${c}"`);
  return [...changed, `(${quiet.unless})`].join(' OR ');
}

export function tableStamp(
  db: Db,
  name: string,
  tables: readonly string[],
  quiet?: QuietColumns,
): string {
  let counters = stampCounters.get(db);
  if (!counters) {
    const own = new Map<string, number>();
    counters = own;
    stampCounters.set(db, own);
    db.$client.function('app_stamp_bump', { varargs: false }, (group: unknown) => {
      const key = String(group);
      own.set(key, (own.get(key) ?? 0) + 1);
      return null;
    });
  }
  let changes = counters.get(name);
  if (changes === undefined) {
    for (const table of tables) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        const when =
          event === 'UPDATE' && quiet?.table === table ? `WHEN ${updateCondition(db, quiet)}` : '';
        db.$client.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS ${name}_${table}_${event.toLowerCase()}
           AFTER ${event} ON main.${table} ${when}
           BEGIN SELECT app_stamp_bump('${name}'); END`,
        );
      }
    }
    changes = 0;
    counters.set(name, changes);
  }
  return `${epochOf(db)}.${changes}.${dataVersion(db)}`;
}

/**
 * A tag naming a value by its content (a hash of its JSON): equal values, equal tags, across
 * writes and restarts. For keys of kept answers that many writes leave unchanged (the first
 * screen's, the catalogue's bytes; no ETag is sent, ADR 027).
 */
export function contentTag(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value) ?? '')
    .digest('base64url')
    .slice(0, 22);
}

/** A bounded map that forgets the least recently used entry first. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recent.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * A cache of answers that is correct by construction: it empties itself whenever the
 * database's stamp moves, so every write() (and every outside commit) invalidates it.
 * What it keeps is deep-frozen (`freezeAnswer`): a service must copy before changing a kept value.
 */
export class StampedCache<K, V> {
  private stamp = '';
  private readonly lru: LruCache<K, V>;
  /**
   * `stampOf` defaults to the whole database's stamp; a cache whose answers depend on a few
   * tables may pass a narrower one that still sees every change to them (e.g. the catalogue's).
   */
  constructor(
    private readonly db: Db,
    max: number,
    private readonly stampOf: (db: Db) => string = cacheStamp,
  ) {
    this.lru = new LruCache(max);
  }

  getOrMake(key: K, make: () => V): V {
    const now = this.stampOf(this.db);
    if (now !== this.stamp) {
      this.lru.clear();
      this.stamp = now;
    }
    const hit = this.lru.get(key);
    if (hit !== undefined) return hit;
    // Kept answers are shared by every caller: frozen, so no caller can change another's, and
    // their validated output can be remembered (server/platform/output.ts).
    const value = freezeAnswer(make());
    this.lru.set(key, value);
    return value;
  }

  /** The stamp the cached answers belong to. */
  currentStamp(): string {
    return this.stampOf(this.db);
  }

  get size(): number {
    return this.lru.size;
  }
}
