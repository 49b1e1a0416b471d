// The standing orders' part of `npm run bench` (BENCH_ONLY=standing): the day's standing
// orders for 300 restaurants (10 lines each) placed by the scheduler at the cut-off, against
// the same 300 orders placed one by one through the ordinary placement, in the same run on the
// same database (target: the standing pass within 2x). The drafting pass, made hours before,
// is shown beside them. In process, on a fresh database in a temp folder; not a test.
// Env: BENCH_STANDING_CUSTOMERS (300).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { account, customer, product, standingLine } from '../../drizzle/schema';
import type { CustomerRecord } from '../../server/context';
import { placeOrder } from '../../server/orders/orders';
import { cutoffOf } from '../../server/orders/standing-orders';
import { standingTick } from '../../server/orders/standing-scheduler';
import { closeDb, openDb, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { addDaysIso, weekdayOf } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';

const CUSTOMERS = Number(process.env.BENCH_STANDING_CUSTOMERS ?? 300);
const LINES = 10;
const PRODUCTS = 500;
const TZ = 'Asia/Tokyo';

export interface StandingFigures {
  customers: number;
  ordinaryMs: number;
  draftMs: number;
  confirmMs: number;
  ratio: number;
}

export async function runStandingBench(): Promise<StandingFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-standing-'));
  const db = openDb(path.join(dir, 'app.db'));
  try {
    const products = Array.from({ length: PRODUCTS }, (_, i) => ({
      id: newId(),
      name: `Product ${i + 1}`,
      price: 100 + ((i * 37) % 3000),
      sku: 'Kg' as const,
      // Counted, with stock enough for both placements (each takes it the same way).
      stockInCount: 1_000_000,
    }));
    const customers: CustomerRecord[] = [];
    // Delivery dates: the ordinary orders a week out, the standing ones the day after.
    const today = isoDateInZone(new Date(), TZ);
    const ordinaryDate = addDaysIso(today, 7);
    const standingDate = addDaysIso(today, 8);
    write(db, () => {
      for (const p of products) db.insert(product).values(p).run();
      for (let c = 0; c < CUSTOMERS; c++) {
        const accountId = newId();
        db.insert(account)
          .values({ id: accountId, username: `standing${c}`, passwordHash: 'x', kind: 'customer' })
          .run();
        const row = {
          id: newId(),
          accountId,
          restaurantName: `Restaurant ${c + 1}`,
          phoneNumber: '312345678',
          customerCode: `S${c + 1}`,
          paymentMethod: 'cash' as const,
          deliveryDays: [],
        };
        db.insert(customer).values(row).run();
        const full = db
          .select()
          .from(customer)
          .where(eq(customer.id, row.id))
          .get() as typeof customer.$inferSelect;
        customers.push({ ...full, routeName: null });
        for (let l = 0; l < LINES; l++) {
          const p = products[(c * 7 + l * 13) % PRODUCTS] as (typeof products)[number];
          db.insert(standingLine)
            .values({
              customerId: row.id,
              weekday: weekdayOf(standingDate),
              productId: p.id,
              name: p.name,
              quantity: 1 + ((c + l) % 5),
              position: l,
            })
            .run();
        }
      }
    });
    const linesOf = (i: number) =>
      Array.from({ length: LINES }, (_, l) => ({
        product: (products[(i * 7 + l * 13) % PRODUCTS] as (typeof products)[number]).id,
        quantity: 1 + ((i + l) % 5),
      }));

    // The ordinary placement, one order per restaurant.
    let t0 = performance.now();
    customers.forEach((c, i) => {
      placeOrder(
        db,
        { accountId: c.accountId as string, username: `standing${i}`, customer: c },
        { deliveryDate: ordinaryDate, customMessage: '', orderItems: linesOf(i) },
        { timeZone: TZ },
      );
    });
    const ordinaryMs = performance.now() - t0;

    // The scheduler: drafts six hours before the cut-off, then the cut-off pass.
    const closesAt = cutoffOf(standingDate, '04:00', TZ);
    t0 = performance.now();
    const drafted = standingTick(db, {
      timeZone: TZ,
      now: new Date(closesAt.getTime() - 6 * 3_600_000),
    });
    const draftMs = performance.now() - t0;
    t0 = performance.now();
    const settled = standingTick(db, { timeZone: TZ, now: closesAt });
    const confirmMs = performance.now() - t0;
    if (drafted.drafted !== CUSTOMERS || settled.confirmed !== CUSTOMERS) {
      throw new Error(
        `standing bench: drafted ${drafted.drafted}, confirmed ${settled.confirmed} of ${CUSTOMERS}`,
      );
    }
    const ratio = confirmMs / ordinaryMs;
    console.log(`\nStanding orders (${CUSTOMERS} restaurants, ${LINES} lines each)`);
    console.log(`  ordinary placement, one by one     ${ordinaryMs.toFixed(0).padStart(7)} ms`);
    console.log(`  standing: cut-off pass (placing)   ${confirmMs.toFixed(0).padStart(7)} ms`);
    console.log(`  standing: drafting pass (before)   ${draftMs.toFixed(0).padStart(7)} ms`);
    console.log(
      `  cut-off pass / ordinary: ${ratio.toFixed(2)}x (target <= 2x) ${ratio <= 2 ? 'PASS' : 'FAIL'}`,
    );
    return { customers: CUSTOMERS, ordinaryMs, draftMs, confirmMs, ratio };
  } finally {
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runStandingBench()
    .then((f) => {
      if (f.ratio > 2) process.exitCode = 1;
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
