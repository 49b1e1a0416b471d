import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStamp, LruCache, StampedCache } from './cache';
import { closeDb, type Db, openDb, write } from './db';

describe('LruCache', () => {
  it('never holds more than its bound', () => {
    const lru = new LruCache<number, string>(3);
    for (let i = 0; i < 100; i++) lru.set(i, `v${i}`);
    expect(lru.size).toBe(3);
    expect([97, 98, 99].map((k) => lru.get(k))).toEqual(['v97', 'v98', 'v99']);
    expect(lru.get(96)).toBeUndefined();
  });

  it('forgets the least recently used entry first, not the oldest written', () => {
    const lru = new LruCache<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1); // a is now the most recent; b the least
    lru.set('d', 4);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.get('d')).toBe(4);
    // Writing an existing key refreshes it too, without growing.
    lru.set('a', 10);
    lru.set('e', 5);
    expect(lru.size).toBe(3);
    expect(lru.get('c')).toBeUndefined();
    expect(lru.get('a')).toBe(10);
  });

  it('clears', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.get('a')).toBeUndefined();
  });
});

describe('StampedCache', () => {
  let dir: string;
  let db: Db;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-cache-'));
    db = openDb(path.join(dir, 'app.db'));
  });
  afterAll(() => {
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers from memory while nothing is written, within its bound', () => {
    const cache = new StampedCache<number, number>(db, 2);
    let made = 0;
    const make = (k: number) => () => {
      made++;
      return k * 10;
    };
    expect(cache.getOrMake(1, make(1))).toBe(10);
    expect(cache.getOrMake(1, make(1))).toBe(10);
    expect(made).toBe(1);
    cache.getOrMake(2, make(2));
    cache.getOrMake(3, make(3));
    expect(cache.size).toBe(2);
    cache.getOrMake(1, make(1)); // evicted: made again
    expect(made).toBe(4);
  });

  it('empties itself after every write(), even one that changed nothing it holds', () => {
    const cache = new StampedCache<string, number>(db, 10);
    let value = 1;
    expect(cache.getOrMake('k', () => value)).toBe(1);
    value = 2;
    expect(cache.getOrMake('k', () => value)).toBe(1);
    write(db, () => db.$client.prepare('SELECT 1').get());
    expect(cache.getOrMake('k', () => value)).toBe(2);
  });

  it('keeps answers deep-frozen: no caller can change what another is served', () => {
    const cache = new StampedCache<string, { lines: { qty: number }[] }>(db, 10);
    const kept = cache.getOrMake('frozen', () => ({ lines: [{ qty: 1 }] }));
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.lines[0])).toBe(true);
    expect(() => {
      (kept.lines[0] as { qty: number }).qty = 2;
    }).toThrow(TypeError);
    expect(cache.getOrMake('frozen', () => ({ lines: [] })).lines[0]?.qty).toBe(1);
  });

  it('empties itself after a commit by another connection (a script, a restore)', async () => {
    const cache = new StampedCache<string, number>(db, 10);
    expect(cache.getOrMake('k', () => 1)).toBe(1);
    const other = new Database(path.join(dir, 'app.db'));
    other.prepare("INSERT INTO route (id, name) VALUES ('r-outside', 'Outside')").run();
    other.close();
    // data_version is read once per turn of the event loop: seen from the next turn on.
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.getOrMake('k', () => 2)).toBe(2);
  });

  it('stamps differ between two openings of the same file (no ETag survives a restart)', () => {
    const again = openDb(path.join(dir, 'app.db'));
    try {
      expect(cacheStamp(again)).not.toBe(cacheStamp(db));
    } finally {
      closeDb(again);
    }
  });
});
