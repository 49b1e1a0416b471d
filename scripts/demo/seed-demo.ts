import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  account,
  category,
  customer,
  customerOrder,
  deliveryJob,
  informationItem,
  invoice,
  invoiceNote,
  orderLine,
  payment,
  product,
  route,
  uploadedFile,
  wishlistEntry,
} from '../../drizzle/schema';
import { hashPassword } from '../../server/accounts/passwords';
import { FIRST_ORDER_NUMBER } from '../../server/orders/orders';
import type { Db } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { DEFAULT_TAX_SETTINGS } from '../../server/settings/tax-settings';
import { dueDateOf, MONTH_END } from '../../shared/closing-dates';
import type { AccountKind, EmployeeRole } from '../../shared/enums';
import { taxByRate } from '../../shared/tax';
import { toRateColumns } from '../../shared/tax-columns';
import {
  type Audience,
  BILLING,
  CATEGORIES,
  CUSTOMERS,
  type Cuisine,
  type CustomerSeed,
  DEMO_LOGINS,
  type DriverKey,
  FOLLOW_UP_NOTES,
  INFORMATION,
  MOTIF_OVERRIDES,
  ORDER_MESSAGES,
  PRODUCTS,
  type ProductSeed,
  ROUTES,
} from './data';
import {
  addDays,
  dayOfMonth,
  daysBetween,
  firstOfNextMonth,
  maxDate,
  minDate,
  monthOf,
  weekdayOf,
  zonedIso,
} from './dates';
import { popupImage, productTile, sliderBanner } from './images';
import { CATEGORY_NAMES_JA, PRODUCT_NAMES_JA } from './names-ja';
import { CATEGORY_NAMES_NE, PRODUCT_DESCRIPTIONS_NE, PRODUCT_NAMES_NE } from './names-ne';
import { Rng } from './prng';
import { type DeliveryToBill, monthlyTerms, seedBilling } from './seed-billing';

// The demo data set: logins, routes, catalogue with generated pictures, 30 restaurants and three
// months of orders, deliveries, invoices and payments up to `today`. Everything is drawn from a
// seeded PRNG, so two runs with the same `today` give the same data (apart from the random ids).

export interface SeedOptions {
  /** Where the generated pictures go (served at /uploads/<name>). */
  uploadsDir: string;
  /** The business's today, YYYY-MM-DD. */
  today: string;
  /** For turning wall-clock times into timestamps; default Asia/Tokyo. */
  timeZone?: string;
  /** PRNG seed; the default gives the standard demo. */
  seed?: number;
  /** Days of history before today; default HISTORY_DAYS (the demo's three months). */
  historyDays?: number;
  /**
   * How many times the 30 restaurants are taken on (each copy with its own logins, codes and
   * orders); default 1. `npm run bench:year` takes ten, a wholesaler's 300 restaurants.
   */
  restaurantCopies?: number;
}

export interface DemoLogin {
  username: string;
  password: string;
  kind: AccountKind;
  role: EmployeeRole | null;
}

export interface SeedSummary {
  /** Rows per table after seeding. */
  counts: Record<string, number>;
  /** Picture files written to the uploads directory. */
  files: string[];
  logins: DemoLogin[];
}

export const HISTORY_DAYS = 91;
/** Web orders are placed up to this many days ahead of today (all still pending). */
const ORDER_AHEAD_DAYS = 3;
const DEFAULT_SEED = 0x5eed_2026;

type AccountRow = typeof account.$inferInsert;
type CustomerRow = typeof customer.$inferInsert;
type ProductRow = typeof product.$inferInsert & { id: string; price: number };
type OrderRow = typeof customerOrder.$inferInsert & { id: string };
type LineRow = typeof orderLine.$inferInsert;
type JobRow = Omit<typeof deliveryJob.$inferInsert, 'serialNo'> & { createdAt: string };
type InvoiceRow = typeof invoice.$inferInsert & { id: string; paidAmount: number };
type PaymentRow = typeof payment.$inferInsert;
type NoteRow = typeof invoiceNote.$inferInsert;

/** Every table the app has, children before parents (the order rows must be deleted in). */
export const TABLES_CHILDREN_FIRST = [
  'session',
  'idempotency_key',
  'wishlist_entry',
  'order_line',
  'payment',
  'invoice_note',
  'delivery_job',
  'invoice',
  'customer_order',
  'information_item',
  'uploaded_file',
  'product',
  'category',
  'customer',
  'route',
  'account',
] as const;

/** The app's tables as they are in the database (not drizzle's bookkeeping, not sqlite_*). */
export function appTables(db: Db): string[] {
  return db.$client
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`,
    )
    .all()
    .map((r) => (r as { name: string }).name);
}

export function tableCounts(db: Db): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of appTables(db)) {
    const row = db.$client.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number };
    counts[name] = row.n;
  }
  return counts;
}

/** True when any app table has a row. */
export function hasAnyData(db: Db): boolean {
  return Object.values(tableCounts(db)).some((n) => n > 0);
}

/**
 * Deletes every row of every app table in one transaction (children first), then the uploaded
 * files the database knew about. Returns how many files were removed.
 */
export function clearAllData(db: Db, uploadsDir: string): { rows: number; files: number } {
  const names = db
    .select({ name: uploadedFile.name })
    .from(uploadedFile)
    .all()
    .map((r) => r.name);
  const present = new Set(appTables(db));
  const order = [
    ...TABLES_CHILDREN_FIRST.filter((t) => present.has(t)),
    ...[...present].filter((t) => !(TABLES_CHILDREN_FIRST as readonly string[]).includes(t)),
  ];
  const rows = db.transaction((tx) => {
    // Tables added after this list was written come last; deferring the checks to the commit
    // keeps their order from mattering.
    tx.run(sql`PRAGMA defer_foreign_keys = ON`);
    let removed = 0;
    for (const t of order) removed += tx.run(sql.raw(`DELETE FROM "${t}"`)).changes;
    return removed;
  });
  let files = 0;
  for (const name of names) {
    // Only plain names the server issued; never a path.
    if (name !== path.basename(name) || name.startsWith('.')) continue;
    try {
      fs.unlinkSync(path.join(uploadsDir, name));
      files++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return { rows, files };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const categoryAudience: Record<string, Audience> = {
  'Rice & Flour': 'sa',
  'Lentils & Beans': 'sa',
  Spices: 'sa',
  Frozen: 'sa',
  'Oil & Ghee': 'all',
  Beverages: 'all',
  Packaging: 'all',
  'Thai Items': 'th',
};
function suits(p: ProductSeed, cuisine: Cuisine): boolean {
  const a = p.audience ?? categoryAudience[p.category] ?? 'all';
  return a === 'all' || a === cuisine || (a === 'sa' && cuisine !== 'th');
}

/** What a restaurant typically orders of a product at this price. */
/** "Lumbini Curry & Naan Jiyugaoka" -> "lumbini-curry-naan-jiyugaoka" (an e-mail's local part). */
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function quantityFor(rng: Rng, price: number): number {
  if (price >= 5000) return rng.int(1, 2);
  if (price >= 2000) return rng.int(1, 4);
  if (price >= 800) return rng.int(1, 6);
  if (price >= 400) return rng.int(2, 10);
  return rng.int(3, 15);
}

/**
 * Seeds the demo into an empty database. Passwords are hashed before the transaction (hashing
 * is async); the pictures are written first and removed again if the transaction fails.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const { uploadsDir, today } = options;
  const timeZone = options.timeZone ?? 'Asia/Tokyo';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD: ${today}`);
  if (hasAnyData(db)) throw new Error('seedDemo needs an empty database (clear it first).');
  for (const name of Object.keys(MOTIF_OVERRIDES)) {
    if (!PRODUCTS.some((p) => p.name === name)) throw new Error(`no product named ${name}`);
  }

  // Hashing is async and slow: once per distinct password, before the transaction.
  const passwords: string[] = [
    ...new Set([
      DEMO_LOGINS.admin.password,
      DEMO_LOGINS.manager.password,
      DEMO_LOGINS.driver1.password,
      DEMO_LOGINS.driver2.password,
      DEMO_LOGINS.customerPassword,
    ]),
  ];
  // Started now, awaited after the (synchronous) drawing below, so the two overlap.
  const hashing = Promise.all(passwords.map((p) => hashPassword(p)));
  /** The password of each account row, by index; hashes are filled in before writing. */
  const accountPasswords: string[] = [];

  const rng = new Rng(options.seed ?? DEFAULT_SEED);
  const at = (date: string, hour: number, minute: number) => zonedIso(date, hour, minute, timeZone);
  const yesterday = addDays(today, -1);
  const historyDays = options.historyDays ?? HISTORY_DAYS;
  const start = addDays(today, -historyDays);
  const setupDay = addDays(start, -45);
  const digits = (n: number) => {
    let s = String(rng.int(1, 9));
    while (s.length < n) s += String(rng.int(0, 9));
    return s;
  };
  const mobile = () => `${rng.pick(['90', '80', '70'])}${digits(8)}`;

  // --- Staff -------------------------------------------------------------------------------
  const accounts: AccountRow[] = [];
  const staffCreated = at(addDays(setupDay, -200), 9, 0);
  const staff = (
    key: 'admin' | 'manager' | 'driver1' | 'driver2',
    kind: AccountKind,
    role: EmployeeRole | null,
  ) => {
    const login = DEMO_LOGINS[key];
    const id = newId();
    accountPasswords.push(login.password);
    accounts.push({
      id,
      username: login.username.toLowerCase(),
      passwordHash: '',
      kind,
      role,
      name: login.name,
      phoneNumber: kind === 'admin' ? null : mobile(),
      createdAt: staffCreated,
      updatedAt: staffCreated,
    });
    return id;
  };
  const adminId = staff('admin', 'admin', null);
  const managerId = staff('manager', 'employee', 'manager');
  const driverIds: Record<DriverKey, string> = {
    driver1: staff('driver1', 'employee', 'driver'),
    driver2: staff('driver2', 'employee', 'driver'),
  };
  const driverName = (id: string) => (id === driverIds.driver1 ? 'driver1' : 'driver2');

  // --- Routes, categories, products, pictures ----------------------------------------------
  const routes = ROUTES.map((r) => ({ ...r, id: newId() }));
  const routeByName = new Map(routes.map((r) => [r.name, r]));
  const categories = CATEGORIES.map((c) => ({ ...c, id: newId() }));
  const categoryByName = new Map(categories.map((c) => [c.name, c]));
  /** A product's consumption-tax rate: its own (alcohol), else its category's. */
  const rateOf = (p: { seed: ProductSeed }): 8 | 10 =>
    p.seed.taxRate ?? categoryByName.get(p.seed.category)?.taxRate ?? 8;

  // Rendered by sharp while the rest is built; awaited before anything is written.
  const rendering: Promise<Buffer>[] = [];
  const pictures: { name: string; data: Buffer; createdAt: string }[] = [];
  const picture = (data: Promise<Buffer>, createdAt: string) => {
    const name = `${newId()}.png`;
    rendering.push(data);
    pictures.push({ name, data: Buffer.alloc(0), createdAt });
    return `/uploads/${name}`;
  };

  const products: (ProductRow & { seed: ProductSeed })[] = PRODUCTS.map((p, i) => {
    const cat = categoryByName.get(p.category);
    if (!cat) throw new Error(`unknown category ${p.category}`);
    const itemType = p.type ?? 'Regular';
    const createdAt = at(addDays(setupDay, -rng.int(0, 120)), rng.int(9, 18), rng.int(0, 59));
    const updatedAt =
      itemType === 'Regular' ? createdAt : at(addDays(today, -rng.int(2, 20)), 11, rng.int(0, 59));
    const image = picture(
      productTile({
        name: p.name,
        unit: p.unit,
        categoryColor: cat.color,
        motif: MOTIF_OVERRIDES[p.name] ?? cat.motif,
        tint: p.tint,
      }),
      createdAt,
    );
    const stockInCount =
      itemType === 'Out of Stock'
        ? 0
        : itemType === 'Limited Stock'
          ? rng.int(3, 9)
          : p.price >= 5000
            ? rng.int(8, 40)
            : rng.int(30, 240);
    return {
      id: newId(),
      name: p.name,
      nameNe: PRODUCT_NAMES_NE[p.name] ?? null,
      nameJa: PRODUCT_NAMES_JA[p.name] ?? null,
      categoryId: cat.id,
      // Beer is alcohol: the standard rate, though its category (drinks) is reduced.
      taxRate: p.taxRate ?? null,
      price: p.price,
      description: p.description,
      descriptionNe: PRODUCT_DESCRIPTIONS_NE[p.name] ?? null,
      sku: p.unit,
      image,
      productRank: p.rank ?? 80 + i,
      itemType,
      itemCount:
        p.category === 'Packaging' || (p.category === 'Beverages' && p.unit === 'C/s')
          ? 'Not Count'
          : 'Count',
      showDescription: p.show ? 'Show' : 'Dont Show',
      stockInCount,
      createdAt,
      updatedAt,
      seed: p,
    };
  });
  const inStock = products.filter((p) => p.itemType !== 'Out of Stock');

  const information = INFORMATION.map((item, i) => {
    const createdAt = at(addDays(today, -75 + i * 12), 10, 0);
    return {
      id: newId(),
      name: item.name,
      type: item.type,
      active: item.active,
      image: picture(item.type === 'slider' ? sliderBanner(item) : popupImage(item), createdAt),
      createdAt,
    };
  });

  // --- Customers -----------------------------------------------------------------------------
  interface Cust {
    id: string;
    accountId: string;
    username: string;
    code: string;
    seed: CustomerSeed;
    routeName: string;
    phone: string;
    driverId: string;
    /** Bad-debt restaurants: no deliveries from this date. */
    haltFrom: string | null;
    regulars: (typeof products)[number][];
    /** Monthly customers' closing day, payment month and payment day. */
    terms: ReturnType<typeof monthlyTerms> | null;
  }
  const customers: CustomerRow[] = [];
  const copies = options.restaurantCopies ?? 1;
  // A copy after the first is the same kind of restaurant under a numbered name.
  const takenOn = Array.from({ length: copies }, (_, copy) =>
    CUSTOMERS.map((c) =>
      copy === 0 ? c : { ...c, restaurantName: `${c.restaurantName} ${copy + 1}` },
    ),
  ).flat();
  const custs: Cust[] = takenOn.map((c, i) => {
    const r = routeByName.get(c.route);
    if (!r) throw new Error(`unknown route ${c.route}`);
    const terms =
      c.payment === 'monthly'
        ? monthlyTerms(takenOn.slice(0, i).filter((x) => x.payment === 'monthly').length)
        : null;
    const n = i + 1;
    const accountId = newId();
    const id = newId();
    const username = `cust${pad(n, 2)}`;
    const code = `C${pad(n, 3)}`;
    const phone = `${r.landline}${digits(9 - r.landline.length)}`;
    const createdAt = at(addDays(setupDay, -rng.int(0, 500)), rng.int(10, 17), rng.int(0, 59));
    accountPasswords.push(DEMO_LOGINS.customerPassword);
    accounts.push({
      id: accountId,
      username,
      passwordHash: '',
      kind: 'customer',
      role: null,
      name: c.contactPerson,
      phoneNumber: mobile(),
      createdAt,
      updatedAt: createdAt,
    });
    customers.push({
      id,
      accountId,
      restaurantName: c.restaurantName,
      phoneNumber: phone,
      customerCode: code,
      paymentMethod: c.payment,
      // Monthly customers' terms, 月末締め翌月末払い and the like (seed-billing.ts).
      closingDay: terms?.closingDay ?? null,
      paymentMonth: terms?.paymentMonth ?? 1,
      paymentDate: terms?.paymentDate ?? null,
      deliveryDays: [...c.deliveryDays],
      routeId: r.id,
      contactPerson: c.contactPerson,
      mobileNumber: mobile(),
      // The office keeps what the documents are addressed to; one Thai restaurant reads them in
      // English.
      billingName: BILLING[i % CUSTOMERS.length]?.name ?? null,
      // 〒 and the postal code on a line of their own, as the office types an address (ADR 099).
      billingAddress:
        BILLING[i % CUSTOMERS.length]?.address.replace(/^(〒\d{3}-\d{4}) /, '$1\n') ?? null,
      email: `${slug(c.restaurantName)}@example.com`,
      documentLanguage: c.restaurantName === 'Bangkok Spice Ebisu' ? 'en' : 'ja',
      badDebt: c.badDebt ?? false,
      webOrder: c.webOrder ?? false,
      createdAt,
      updatedAt: createdAt,
    });
    const pool = inStock.filter((p) => suits(p.seed, c.cuisine));
    return {
      id,
      accountId,
      username,
      code,
      seed: c,
      routeName: r.name,
      phone,
      driverId: driverIds[r.driver],
      haltFrom: c.badDebt ? addDays(today, -rng.int(38, 55)) : null,
      regulars: rng.sample(pool, rng.int(10, 16)),
      terms,
    };
  });

  const basket = (c: Cust) => {
    const n = rng.int(2, Math.min(8, c.regulars.length));
    return rng.sample(c.regulars, n).map((p) => {
      const quantity = quantityFor(rng, p.price);
      return { p, quantity, lineTotal: p.price * quantity, taxRate: rateOf(p) };
    });
  };
  /** A basket's amount with tax, rounded once per rate as a document is. */
  const withTax = (items: ReturnType<typeof basket>) =>
    taxByRate(items.map((l) => ({ amount: l.lineTotal, rate: l.taxRate })));

  // --- Orders and deliveries ---------------------------------------------------------------
  const orders: OrderRow[] = [];
  const lines: LineRow[] = [];
  const jobs: JobRow[] = [];
  /** Delivered goods to invoice: web orders and phoned-in deliveries alike. */
  const delivered: { c: Cust; date: string; amount: number; at: string; orderId?: string }[] = [];

  const placeOrder = (c: Cust, date: string) => {
    const items = basket(c);
    const id = newId();
    const placedOn = minDate(addDays(date, -rng.int(1, 2)), yesterday);
    const createdAt = at(placedOn, rng.int(9, 22), rng.int(0, 59));
    const isDelivered = date < today;
    // Today's orders of cash restaurants went to the vans after the 04:00 cut-off: the driver's
    // phone lists them with their lines and the cash to collect.
    const outToday = date === today && c.seed.payment === 'cash';
    const dispatchedAt = isDelivered
      ? at(date, rng.int(7, 8), rng.int(0, 59))
      : outToday
        ? at(date, 4, rng.int(10, 50))
        : null;
    // Food at the reduced 8 %, packaging at the standard 10 % (its category's rate): tax once
    // per rate per order.
    const tax = withTax(items);
    const total = tax.total;
    orders.push({
      id,
      // Numbered below, once every order's placing time is known.
      orderNumber: 0,
      customerId: c.id,
      placedBy: c.accountId,
      restaurantName: c.seed.restaurantName,
      customerCode: c.code,
      username: c.username,
      phoneNumber: c.phone,
      routeName: c.routeName,
      deliveryDate: date,
      customMessage: rng.chance(0.07) ? rng.pick(ORDER_MESSAGES) : '',
      total,
      ...toRateColumns(tax),
      // Placed under the demo's settings (none stored: without tax, rounded down), as
      // placement records them (ADR 053).
      taxBasis: DEFAULT_TAX_SETTINGS.basis,
      taxRounding: DEFAULT_TAX_SETTINGS.rounding,
      // Dispatched is what the spec calls delivered (is_delivered); the driver's job says more.
      isDelivered: isDelivered || outToday,
      deliveredBy: dispatchedAt ? c.driverId : null,
      deliveredByName: dispatchedAt ? driverName(c.driverId) : null,
      deliveredAt: dispatchedAt,
      createdAt,
    });
    items.forEach((l, position) => {
      lines.push({
        id: newId(),
        orderId: id,
        productId: l.p.id,
        position,
        name: l.p.name,
        // Snapshotted as placement does: Japanese documents print it (ADR 064).
        nameJa: l.p.nameJa,
        sku: l.p.sku,
        unitPrice: l.p.price,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
        taxRate: l.taxRate,
      });
    });
    if (dispatchedAt) {
      // Dispatching assigns the route's driver, which creates the delivery job; today's are
      // still on the road.
      const deliveredAt = isDelivered ? at(date, rng.int(10, 16), rng.int(0, 59)) : null;
      jobs.push({
        id: newId(),
        customerId: c.id,
        restaurantName: c.seed.restaurantName,
        orderId: id,
        preparedBy: rng.chance(0.85) ? managerId : adminId,
        deliveredBy: c.driverId,
        isDelivered,
        deliveredAt,
        createdAt: dispatchedAt,
      });
      if (deliveredAt) delivered.push({ c, date, amount: total, at: deliveredAt, orderId: id });
    }
  };

  const phonedDelivery = (c: Cust, date: string) => {
    const isDelivered = date < today;
    const deliveredAt = isDelivered ? at(date, rng.int(10, 16), rng.int(0, 59)) : null;
    jobs.push({
      id: newId(),
      customerId: c.id,
      restaurantName: c.seed.restaurantName,
      orderId: null,
      preparedBy: rng.chance(0.85) ? managerId : adminId,
      deliveredBy: c.driverId,
      isDelivered,
      deliveredAt,
      // Prepared the evening before.
      createdAt: at(addDays(date, -1), rng.int(17, 20), rng.int(0, 59)),
    });
    if (deliveredAt) {
      // Phoned in: food only (the office types one rate per invoice).
      const food = basket(c).filter((l) => l.taxRate === 8);
      const amount = food.length > 0 ? withTax(food).total : 0;
      if (amount <= 0) return;
      delivered.push({ c, date, amount, at: deliveredAt });
    }
  };

  const lastOrderDay = addDays(today, ORDER_AHEAD_DAYS);
  for (let date = start; date <= lastOrderDay; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    for (const c of custs) {
      const days = c.seed.deliveryDays;
      if (!days.includes(weekday)) continue;
      if (c.haltFrom && date >= c.haltFrom) continue;
      if (c.seed.webOrder) {
        if (rng.chance(Math.min(0.92, 2 / days.length))) placeOrder(c, date);
      } else if (date <= today && rng.chance(Math.min(0.85, 1.6 / days.length))) {
        phonedDelivery(c, date);
      }
    }
  }

  // Guarantees for the demo whatever weekday today is: open work for each of today's drivers
  // (at least three stops each), pending web orders for the admin, and a few of those with a
  // message.
  const pendingFor = (driverId: string) =>
    jobs.filter((j) => !j.isDelivered && j.deliveredBy === driverId).length;
  const spare = rng.sample(
    custs.filter((c) => !c.seed.webOrder && !c.haltFrom),
    custs.length,
  );
  for (const c of spare) {
    if (pendingFor(c.driverId) >= 3) continue;
    if (jobs.some((j) => !j.isDelivered && j.customerId === c.id)) continue;
    phonedDelivery(c, today);
  }
  if (!orders.some((o) => !o.isDelivered)) {
    const c = custs.find((x) => x.seed.webOrder && !x.haltFrom);
    if (c) placeOrder(c, today);
  }
  const pendingOrders = orders.filter((o) => !o.isDelivered);
  for (const [i, o] of pendingOrders.slice(0, 2).entries()) {
    if (!o.customMessage) o.customMessage = ORDER_MESSAGES[i]!;
  }

  // Serial numbers in the order the jobs were created.
  jobs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const jobRows = jobs.map((j, i) => ({ ...j, serialNo: i + 1 }));

  // --- Invoices, payments, follow-up notes -------------------------------------------------
  const invoices: InvoiceRow[] = [];
  const payments: PaymentRow[] = [];
  const notes: NoteRow[] = [];
  const settledBy = new Map<string, string>();

  // The office typed these for phoned-in food deliveries: the amount with tax, at the reduced
  // rate, split as the invoice form splits it (ADR 046).
  // The demo stores no tax setting: prices without tax, rounded down, recorded on each
  // invoice as the form records the settings it was typed under (ADR 053).
  const addInvoice = (row: Omit<InvoiceRow, 'paidAmount' | 'id' | 'taxBasis' | 'taxRounding'>) => {
    const figures = toRateColumns(taxByRate([{ amount: row.amount, rate: 8 }], 'inclusive'));
    const inv: InvoiceRow = {
      ...row,
      ...figures,
      taxBasis: DEFAULT_TAX_SETTINGS.basis,
      taxRounding: DEFAULT_TAX_SETTINGS.rounding,
      id: newId(),
      paidAmount: 0,
    };
    invoices.push(inv);
    return inv;
  };
  const pay = (inv: InvoiceRow, amount: number, date: string, by: string) => {
    const pending = inv.amount - inv.paidAmount;
    const paid = Math.min(amount, pending);
    if (paid <= 0) return;
    inv.paidAmount += paid;
    payments.push({
      id: newId(),
      invoiceId: inv.id,
      amount: paid,
      date,
      collectedBy: by,
      createdAt: at(date, rng.int(11, 19), rng.int(0, 59)),
    });
  };
  const part = (amount: number) => {
    if (amount < 4000) return Math.max(1, Math.floor(amount / 2));
    return Math.max(1000, Math.floor((amount * (0.3 + rng.next() * 0.4)) / 1000) * 1000);
  };
  const note = (inv: InvoiceRow, date: string, by: string, text: string) => {
    notes.push({
      id: newId(),
      invoiceId: inv.id,
      note: text,
      date,
      notesBy: by,
      createdAt: at(date, rng.int(12, 19), rng.int(0, 59)),
    });
  };

  delivered.sort((a, b) => a.at.localeCompare(b.at));
  const billLater: DeliveryToBill[] = [];
  for (const c of custs) {
    const mine = delivered.filter((d) => d.c === c);
    const collector = c.seed.bankTransfer ? null : c.driverId;
    settledBy.set(c.id, collector ?? managerId);
    if (c.seed.payment === 'cash') {
      for (const d of mine) {
        // A web order is invoiced by its delivery (scripts/demo/seed-billing.ts), paid at the door.
        if (d.orderId) {
          const r = rng.next();
          billLater.push({
            orderId: d.orderId,
            day: d.date,
            driverId: c.driverId,
            // Most restaurants pay the driver in full; a few pay part or ask to pay later.
            paid: r < 0.95 ? 'full' : r < 0.98 ? 'part' : 'none',
          });
          continue;
        }
        const inv = addInvoice({
          customerId: c.id,
          dueDate: d.date,
          amount: d.amount,
          // Typed by the office, in its language: a phoned-in delivery paid in cash at the door.
          note: '電話注文・現金払い',
          assignToCollect: c.driverId,
          createdAt: d.at,
        });
        const age = daysBetween(d.date, today);
        const r = rng.next();
        const by = c.driverId;
        if (c.haltFrom && d.date >= addDays(c.haltFrom, -49)) {
          if (r < 0.45) continue;
          pay(inv, r < 0.85 ? part(inv.amount) : inv.amount, d.date, by);
        } else if (age <= 6) {
          if (r < 0.7) pay(inv, inv.amount, d.date, by);
          else if (r < 0.85) pay(inv, part(inv.amount), d.date, by);
        } else if (r < 0.9) {
          pay(inv, inv.amount, d.date, by);
        } else if (r < 0.96) {
          pay(inv, part(inv.amount), d.date, by);
          pay(inv, inv.amount, minDate(addDays(d.date, rng.int(3, 10)), yesterday), by);
        } else {
          pay(inv, part(inv.amount), d.date, by);
        }
      }
      continue;
    }
    // Monthly: one statement per finished month, due on the customer's payment day.
    const byMonth = new Map<string, number>();
    // Web orders wait for the closing run (seed-billing.ts); phoned-in deliveries are typed.
    for (const d of mine.filter((x) => !x.orderId))
      byMonth.set(monthOf(d.date), (byMonth.get(monthOf(d.date)) ?? 0) + d.amount);
    let k = 0;
    for (const [month, amount] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
      const issued = firstOfNextMonth(month);
      if (issued >= today || amount <= 0) continue;
      // Due as its month's statement would be (the closing run dates it again, seed-billing.ts).
      const due = dueDateOf(
        dayOfMonth(month, MONTH_END),
        c.terms?.paymentMonth ?? 1,
        c.terms?.paymentDate ?? null,
      );
      const inv = addInvoice({
        customerId: c.id,
        dueDate: due,
        amount,
        note: `${Number(month.slice(5))}月分 電話注文のご請求${collector ? '' : '（お振込）'}`,
        assignToCollect: collector,
        createdAt: at(issued, 10, rng.int(0, 59)),
      });
      const by = collector ?? managerId;
      const on = (date: string) => maxDate(issued, minDate(date, yesterday));
      const r = rng.next();
      if (c.seed.badDebt) {
        if (k === 0) pay(inv, part(amount), on(addDays(due, rng.int(0, 5))), by);
      } else if (due < today) {
        if (r < 0.78) pay(inv, amount, on(addDays(due, rng.int(-3, 2))), by);
        else if (r < 0.9) {
          pay(inv, part(amount), on(addDays(due, -rng.int(0, 3))), by);
          pay(inv, amount, on(addDays(due, rng.int(4, 12))), by);
        } else pay(inv, part(amount), on(due), by);
      } else if (r >= 0.7 && r < 0.85) {
        pay(inv, part(amount), on(addDays(issued, rng.int(3, 10))), by);
      } else if (r >= 0.85) {
        pay(inv, amount, on(addDays(issued, rng.int(2, 8))), by);
      }
      k++;
    }
  }

  // Follow-up notes: on the two latest open invoices of each bad-debt restaurant, and on some
  // partly paid ones elsewhere.
  for (const c of custs) {
    const open = invoices.filter((inv) => inv.customerId === c.id && inv.paidAmount < inv.amount);
    const writers = [managerId, settledBy.get(c.id) ?? managerId, adminId];
    const chosen = c.seed.badDebt
      ? open.slice(-2).map((inv) => ({ inv, want: rng.int(1, 3) }))
      : open
          .filter((inv) => inv.paidAmount > 0 && rng.chance(0.35))
          .map((inv) => ({ inv, want: 1 }));
    for (const { inv, want } of chosen) {
      const created = inv.createdAt!.slice(0, 10);
      const span = Math.max(0, daysBetween(created, yesterday));
      const dates = Array.from({ length: want }, () => addDays(created, rng.int(0, span))).sort();
      for (const date of dates) note(inv, date, rng.pick(writers), rng.pick(FOLLOW_UP_NOTES));
    }
  }

  // --- Wishlists ("My Ordersheet") -----------------------------------------------------------
  const wishlist: (typeof wishlistEntry.$inferInsert)[] = [];
  for (const c of custs.filter((x) => x.seed.webOrder)) {
    const picks = rng.sample(c.regulars, rng.int(3, 8));
    const missing = products.filter(
      (p) => p.itemType === 'Out of Stock' && suits(p.seed, c.seed.cuisine),
    );
    if (missing.length > 0 && rng.chance(0.4)) picks.push(rng.pick(missing));
    for (const p of picks) {
      wishlist.push({
        customerId: c.id,
        productId: p.id,
        createdAt: at(addDays(start, rng.int(0, historyDays - 1)), rng.int(9, 22), rng.int(0, 59)),
      });
    }
  }

  // --- Write -----------------------------------------------------------------------------------
  const hashList = await hashing;
  const hashOf = new Map(passwords.map((p, i) => [p, hashList[i]!]));
  accounts.forEach((a, i) => {
    a.passwordHash = hashOf.get(accountPasswords[i]!)!;
  });

  const rendered = await Promise.all(rendering);
  pictures.forEach((p, i) => {
    p.data = rendered[i]!;
  });

  fs.mkdirSync(uploadsDir, { recursive: true });
  const written: string[] = [];
  try {
    for (const p of pictures) {
      fs.writeFileSync(path.join(uploadsDir, p.name), p.data, { flag: 'wx' });
      written.push(p.name);
    }
    db.transaction((tx) => {
      const insert = <T extends SQLiteTable>(table: T, rows: T['$inferInsert'][]) => {
        for (let i = 0; i < rows.length; i += 400) {
          tx.insert(table)
            .values(rows.slice(i, i + 400) as never)
            .run();
        }
      };
      insert(account, accounts);
      insert(
        route,
        routes.map((r) => ({ id: r.id, name: r.name, createdAt: staffCreated })),
      );
      insert(customer, customers);
      insert(
        category,
        categories.map((c) => ({
          id: c.id,
          name: c.name,
          nameNe: CATEGORY_NAMES_NE[c.name] ?? null,
          nameJa: CATEGORY_NAMES_JA[c.name] ?? null,
          taxRate: c.taxRate ?? 8,
          createdAt: staffCreated,
        })),
      );
      insert(
        uploadedFile,
        pictures.map((p) => ({
          name: p.name,
          sizeBytes: p.data.length,
          contentType: 'image/png',
          uploadedBy: adminId,
          createdAt: p.createdAt,
        })),
      );
      insert(
        product,
        products.map(({ seed: _seed, ...row }) => row),
      );
      insert(informationItem, information);
      insert(wishlistEntry, wishlist);
      // Order numbers follow placing time, as the server assigns them.
      orders.sort(
        (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id),
      );
      orders.forEach((o, i) => {
        o.orderNumber = FIRST_ORDER_NUMBER + i;
      });
      insert(customerOrder, orders);
      insert(orderLine, lines);
      insert(deliveryJob, jobRows);
      insert(invoice, invoices);
      insert(payment, payments);
      insert(invoiceNote, notes);
    });
  } catch (e) {
    for (const name of written) fs.rmSync(path.join(uploadsDir, name), { force: true });
    throw e;
  }
  // Money from deliveries through the product's own services: invoices, closings, a claim.
  seedBilling(db, {
    today,
    timeZone,
    start,
    adminId,
    deliveries: billLater,
  });

  const logins: DemoLogin[] = [
    { ...pickLogin('admin'), kind: 'admin', role: null },
    { ...pickLogin('manager'), kind: 'employee', role: 'manager' },
    { ...pickLogin('driver1'), kind: 'employee', role: 'driver' },
    { ...pickLogin('driver2'), kind: 'employee', role: 'driver' },
    ...custs.map((c) => ({
      username: c.username,
      password: DEMO_LOGINS.customerPassword,
      kind: 'customer' as const,
      role: null,
    })),
  ];
  return { counts: tableCounts(db), files: written, logins };
}

function pickLogin(key: 'admin' | 'manager' | 'driver1' | 'driver2') {
  const { username, password } = DEMO_LOGINS[key];
  return { username, password };
}
