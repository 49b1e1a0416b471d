// Product search (BENCH_ONLY=search; also a part of `npm run bench`): the forgiving search of
// docs/decisions/039 against the exact-substring search it replaces, side by side in the same
// run, over 5,000 products (a third with a Nepali name) for a customer with 300 past orders.
// Target: the forgiving search (folded names, skeletons, the customer's order counts read from
// the database, the ranking) answers within 2x the time of the plain "contains" filter.
// In process, on a fresh database in a temp folder; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogueSnapshot } from '../../server/catalogue/catalogue';
import { searchCatalogue } from '../../server/catalogue/search';
import { closeDb, openDb } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import type { ProductOut } from '../../shared/schemas/catalogue';

const PRODUCTS = 5000;
const ORDERS = 300;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const QUERIES = ['dal', 'daal', 'masla', 'basmati 5kg', 'दाल', 'ghee', 'chilli powder', 'x'];

const WORDS = [
  ['Moong', 'मुङ'],
  ['Toor', 'तोर'],
  ['Masoor', 'मसुरो'],
  ['Garam', 'गरम'],
  ['Chana', 'चना'],
  ['Basmati', 'बासमती'],
  ['Jeera', 'जिरा'],
  ['Chilli', 'खुर्सानी'],
  ['Turmeric', 'बेसार'],
  ['Mustard', 'तोरी'],
  ['Coriander', 'धनिया'],
  ['Ghee', 'घ्यू'],
];
const KINDS = [
  ['Dal', 'दाल'],
  ['Masala', 'मसला'],
  ['Rice', 'चामल'],
  ['Powder', 'धुलो'],
  ['Oil', 'तेल'],
  ['Seeds', 'बिउ'],
];
const SIZES = ['100g', '500g', '1kg', '5kg', '20kg', '1L'];

/** The search as it was: every query word inside the lower-cased names, spaces ignored. */
function exactSubstring(products: readonly ProductOut[], q: string): string[] {
  const squash = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, '');
  const words = q.trim().split(/\s+/).filter(Boolean).map(squash);
  return products
    .filter((p) => {
      const hay = [p.name, p.nameNe]
        .filter(Boolean)
        .map((n) => squash(n as string))
        .join('\0');
      return words.every((w) => hay.includes(w));
    })
    .map((p) => p._id);
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export async function runSearchBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-search-'));
  const db = openDb(path.join(dir, 'app.db'));
  try {
    const sqlite = db.$client;
    const productIds: string[] = [];
    const customerId = newId();
    sqlite.transaction(() => {
      const ins = sqlite.prepare(
        `INSERT INTO product (id, name, name_ne, price, description, sku, product_rank, item_type)
         VALUES (?, ?, ?, ?, '', 'Kg', ?, 'Regular')`,
      );
      for (let i = 0; i < PRODUCTS; i++) {
        const w = WORDS[i % WORDS.length] as string[];
        const k = KINDS[Math.floor(i / WORDS.length) % KINDS.length] as string[];
        const size = SIZES[Math.floor(i / 7) % SIZES.length] as string;
        const id = newId();
        productIds.push(id);
        ins.run(
          id,
          `${w[0]} ${k[0]} ${size} #${i}`,
          i % 3 === 0 ? `${w[1]} ${k[1]} ${size}` : null,
          100 + i,
          i,
        );
      }
      const accountId = newId();
      sqlite
        .prepare(
          `INSERT INTO account (id, username, password_hash, kind) VALUES (?, ?, 'x', 'customer')`,
        )
        .run(accountId, 'search-bench');
      sqlite
        .prepare(
          `INSERT INTO customer (id, account_id, restaurant_name, phone_number, customer_code, payment_method,
             delivery_days, web_order) VALUES (?, ?, 'Bench', '312345678', 'B1', 'cash', '["Monday"]', 1)`,
        )
        .run(customerId, accountId);
      const insOrder = sqlite.prepare(
        `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
           username, phone_number, delivery_date, total, is_delivered, created_at)
         VALUES (?, ?, ?, 'Bench', 'B1', 'search-bench', '312345678', '2026-11-01', 1000, 1, ?)`,
      );
      const insLine = sqlite.prepare(
        `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity, line_total)
         VALUES (?, ?, ?, ?, 'x', 'Kg', 100, 1, 100)`,
      );
      for (let o = 0; o < ORDERS; o++) {
        const orderId = newId();
        insOrder.run(orderId, 900_000 + o, customerId, Date.now());
        for (let l = 0; l < 10; l++) {
          insLine.run(newId(), orderId, productIds[(o * 7 + l * 131) % 600], l);
        }
      }
    })();

    // Warm both (the catalogue snapshot, the folded names, the prepared statements).
    const products = catalogueSnapshot(db, 'member').products;
    for (const q of QUERIES) {
      exactSubstring(products, q);
      searchCatalogue(db, 'member', q, customerId);
    }
    const exactMs: number[] = [];
    const forgivingMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      for (const q of QUERIES) {
        // Alternate which goes first so neither gains from the other's warm caches.
        const pair = [
          () => {
            const t0 = performance.now();
            exactSubstring(catalogueSnapshot(db, 'member').products, q);
            exactMs.push(performance.now() - t0);
          },
          () => {
            const t0 = performance.now();
            searchCatalogue(db, 'member', q, customerId);
            forgivingMs.push(performance.now() - t0);
          },
        ];
        if (r % 2) pair.reverse();
        for (const f of pair) f();
      }
    }
    const exact = median(exactMs);
    const forgiving = median(forgivingMs);
    const ratio = forgiving / exact;
    const hits = QUERIES.map((q) => `${q}: ${searchCatalogue(db, 'member', q, customerId).length}`);
    console.log(
      `\nSearch over ${PRODUCTS.toLocaleString('en-US')} products, ${RUNS} runs of ${QUERIES.length} queries`,
    );
    console.log(`  matches per query (forgiving): ${hits.join(', ')}`);
    console.log(`  exact substring (before)   median ${exact.toFixed(3)} ms`);
    console.log(`  forgiving + usual first    median ${forgiving.toFixed(3)} ms`);
    const pass = ratio <= 2;
    console.log(`  ratio ${ratio.toFixed(2)} (wanted <= 2.00)  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
