// The price lists' part of `npm run bench` at full size (BENCH_ONLY=prices, ADR 035): the
// catalogue read by a customer with its own price list (a price for every product) and 50
// products hidden from it, beside the same read by a customer on the standard prices, in one
// run on one server: 5,000 products, reads taken in turns (standard, own, standard, own ...)
// so that both meet the same machine. Target: the own-list read at >= 0.8x the standard read's
// throughput. In process, over HTTP (GET /api/products, as both clients read it), on a fresh
// database in a temp folder; not a test.
// Env: BENCH_PRICES_PRODUCTS (5000), BENCH_PRICES_SECONDS (10, per kind, in 10 turns),
// BENCH_PRICES_CONCURRENCY (4).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSession } from '../../server/accounts/sessions';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, openDb } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';

const PRODUCTS = Number(process.env.BENCH_PRICES_PRODUCTS ?? 5000);
const SECONDS = Number(process.env.BENCH_PRICES_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_PRICES_CONCURRENCY ?? 4);
const HIDDEN = 50;
const TURNS = 10;

export interface PricesFigures {
  products: number;
  standardRps: number;
  ownRps: number;
  ratio: number;
  pass: boolean;
}

/** Reads for `ms` with `CONCURRENCY` clients in a closed loop; how many, and any bad answer. */
async function readFor(url: string, cookie: string, ms: number): Promise<[number, number]> {
  const until = performance.now() + ms;
  let done = 0;
  let bad = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const r = await fetch(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
        await r.arrayBuffer();
        if (r.status === 200) done++;
        else bad++;
      }
    }),
  );
  return [done, bad];
}

export async function runPricesBench(): Promise<PricesFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-prices-'));
  const config = configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const db = openDb(config.dbPath, { groupCommit: true });
  const app = await buildApp({ db, config, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}/api/products`;
    const sqlite = db.$client;
    const productIds: string[] = [];
    const cookies: string[] = [];
    const listId = newId();
    sqlite.transaction(() => {
      const categoryIds = Array.from({ length: 20 }, (_, i) => {
        const id = newId();
        sqlite
          .prepare('INSERT INTO category (id, name) VALUES (?, ?)')
          .run(id, `Category ${i + 1}`);
        return id;
      });
      const insProduct = sqlite.prepare(
        `INSERT INTO product (id, name, category_id, price, description, sku, product_rank)
         VALUES (?, ?, ?, ?, ?, 'Kg', ?)`,
      );
      for (let i = 0; i < PRODUCTS; i++) {
        const id = newId();
        productIds.push(id);
        insProduct.run(
          id,
          `Product ${String(i + 1).padStart(5, '0')}`,
          categoryIds[i % categoryIds.length],
          100 + ((i * 37) % 5000),
          'A product of the bench, described in one line.',
          i,
        );
      }
      for (const [i, name] of ['Own list', 'Standard'].entries()) {
        const accountId = newId();
        sqlite
          .prepare(
            `INSERT INTO account (id, username, password_hash, kind) VALUES (?, ?, 'x', 'customer')`,
          )
          .run(accountId, `pricesbench${i}`);
        const customerId = newId();
        sqlite
          .prepare(
            `INSERT INTO customer (id, account_id, restaurant_name, phone_number, customer_code, payment_method)
             VALUES (?, ?, ?, '312345678', ?, 'cash')`,
          )
          .run(customerId, accountId, name, `PB${i}`);
        cookies.push(`session=${createSession(db, accountId).token}`);
        if (i === 0) {
          sqlite.prepare('INSERT INTO price_list (id, name) VALUES (?, ?)').run(listId, 'Bench');
          const price = sqlite.prepare(
            'INSERT INTO price_list_price (price_list_id, product_id, price) SELECT ?, id, price * 9 / 10 FROM product WHERE id = ?',
          );
          for (const id of productIds) price.run(listId, id);
          const hide = sqlite.prepare(
            'INSERT INTO hidden_for_list (product_id, price_list_id) VALUES (?, ?)',
          );
          for (const id of productIds.slice(0, HIDDEN)) hide.run(id, listId);
          sqlite
            .prepare('INSERT INTO customer_terms (customer_id, price_list_id) VALUES (?, ?)')
            .run(customerId, listId);
        }
      }
    })();
    const [own, standard] = cookies as [string, string];

    // The first read of each (its snapshot built), then the answers checked once.
    const first = async (cookie: string) => {
      const t0 = performance.now();
      const r = await fetch(url, { headers: { cookie } });
      const body = (await r.json()) as { price: number }[];
      return { ms: performance.now() - t0, count: body.length };
    };
    const coldStandard = await first(standard);
    const coldOwn = await first(own);
    if (coldStandard.count !== PRODUCTS || coldOwn.count !== PRODUCTS - HIDDEN) {
      throw new Error(
        `prices bench: standard read ${coldStandard.count}, own read ${coldOwn.count} products`,
      );
    }

    console.log(
      `\nPrices at full size: ${PRODUCTS} products, a list pricing all of them, ${HIDDEN} hidden; ${SECONDS} s each in ${TURNS} turns ...`,
    );
    const turn = (SECONDS * 1000) / TURNS;
    let std = 0;
    let mine = 0;
    let bad = 0;
    for (let i = 0; i < TURNS; i++) {
      const [a, aBad] = await readFor(url, standard, turn);
      const [b, bBad] = await readFor(url, own, turn);
      std += a;
      mine += b;
      bad += aBad + bBad;
    }
    const standardRps = std / SECONDS;
    const ownRps = mine / SECONDS;
    const ratio = standardRps > 0 ? ownRps / standardRps : 0;
    const pass = ratio >= 0.8 && bad === 0;
    console.log(
      `  standard prices            ${standardRps.toFixed(1).padStart(8)} req/s  (first read ${coldStandard.ms.toFixed(0)} ms)`,
    );
    console.log(
      `  own list + ${HIDDEN} hidden       ${ownRps.toFixed(1).padStart(8)} req/s  (first read ${coldOwn.ms.toFixed(0)} ms)`,
    );
    console.log(
      `  own list / standard: ${ratio.toFixed(2)}x (target >= 0.8x)${bad ? ` ${bad} bad answers` : ''} ${pass ? 'PASS' : 'FAIL'}`,
    );
    return { products: PRODUCTS, standardRps, ownRps, ratio, pass };
  } finally {
    await app.close();
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPricesBench()
    .then((f) => {
      if (!f.pass) process.exitCode = 1;
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
