import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  category,
  customer,
  customerOrder,
  deliveryJob,
  informationItem,
  invoice,
  orderLine,
  payment,
  product,
  route,
  uploadedFile,
  wishlistEntry,
} from '../../drizzle/schema';
import { verifyPassword } from '../../server/accounts/passwords';
import { runClosing } from '../../server/money/closing';
import { documentModel } from '../../server/money/documents/models';
import { closeDb, type Db, openDb } from '../../server/platform/db';
import { scopeOfCustomer } from '../../server/platform/scope';
import { addDaysIso } from '../../shared/delivery-dates';
import { DOCUMENT_KINDS, type DocumentKind, ITEM_TYPES, UNITS, WEEKDAYS } from '../../shared/enums';
import { taxByRate } from '../../shared/tax';
import { clearAllData, type SeedSummary, seedDemo, tableCounts } from './seed-demo';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// A Sunday, so the "open work today" guarantees are exercised too.
const TODAY = '2026-03-15';

const dirs: string[] = [];
const dbs: Db[] = [];
function freshDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-seed-'));
  dirs.push(dir);
  const db = openDb(path.join(dir, 'app.db'));
  dbs.push(db);
  return { db, uploadsDir: path.join(dir, 'uploads') };
}

let db: Db;
let uploadsDir: string;
let summary: SeedSummary;

beforeAll(async () => {
  ({ db, uploadsDir } = freshDb());
  summary = await seedDemo(db, { uploadsDir, today: TODAY });
});

afterAll(() => {
  for (const d of dbs) closeDb(d);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('creates the fixed logins with the right kinds, roles and passwords', async () => {
    const rows = db.select().from(account).all();
    const by = new Map(rows.map((a) => [a.username, a]));
    expect(by.get('admin')).toMatchObject({ kind: 'admin', role: null, name: 'Administrator' });
    expect(by.get('manager')).toMatchObject({ kind: 'employee', role: 'manager' });
    expect(by.get('driver1')).toMatchObject({ kind: 'employee', role: 'driver' });
    expect(by.get('driver2')).toMatchObject({ kind: 'employee', role: 'driver' });
    for (let i = 1; i <= 30; i++) {
      expect(by.get(`cust${String(i).padStart(2, '0')}`)).toMatchObject({
        kind: 'customer',
        role: null,
      });
    }
    expect(rows).toHaveLength(34);
    for (const a of rows) expect(a.username).toBe(a.username.toLowerCase());

    for (const [username, password] of [
      ['admin', 'admin1234'],
      ['manager', 'manager1234'],
      ['driver2', 'driver1234'],
      ['cust17', 'cust1234'],
    ] as const) {
      expect(await verifyPassword(by.get(username)!.passwordHash, password)).toBe(true);
    }
    // One hash per distinct password.
    expect(new Set(rows.map((a) => a.passwordHash)).size).toBe(4);
    expect(summary.logins.map((l) => l.username)).toContain('cust30');
  });

  it('creates 30 restaurants spread over 4 routes with valid contact and payment data', () => {
    const routes = db.select().from(route).all();
    expect(routes).toHaveLength(4);
    const rows = db.select().from(customer).all();
    expect(rows).toHaveLength(30);
    expect(rows.map((c) => c.customerCode).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `C${String(i + 1).padStart(3, '0')}`),
    );
    for (const c of rows) {
      expect(c.accountId).toBeTruthy();
      expect(c.phoneNumber).toMatch(/^[1-9]\d{8,9}$/);
      expect(c.mobileNumber).toMatch(/^[1-9]\d{9}$/);
      expect(c.deliveryDays.length).toBeGreaterThanOrEqual(1);
      expect(c.deliveryDays.length).toBeLessThanOrEqual(3);
      for (const d of c.deliveryDays) expect(WEEKDAYS).toContain(d);
      if (c.paymentMethod === 'monthly') expect(c.paymentDate).toMatch(/^([1-9]|[12]\d|3[01])$/);
      else expect(c.paymentDate).toBeNull();
    }
    expect(new Set(rows.map((c) => c.routeId)).size).toBe(4);
    expect(rows.filter((c) => c.badDebt)).toHaveLength(3);
    const web = rows.filter((c) => c.webOrder).length;
    expect(web).toBeGreaterThanOrEqual(10);
    expect(web).toBeLessThanOrEqual(14);
    const methods = new Set(rows.map((c) => c.paymentMethod));
    expect(methods).toEqual(new Set(['cash', 'monthly']));
  });

  it('creates 8 categories (with Thai Items) and a catalogue using every unit and item type', () => {
    const cats = db.select().from(category).all();
    expect(cats).toHaveLength(8);
    expect(cats.map((c) => c.name)).toContain('Thai Items');

    const products = db.select().from(product).all();
    expect(products.length).toBeGreaterThanOrEqual(75);
    expect(new Set(products.map((p) => p.sku))).toEqual(new Set(UNITS));
    expect(new Set(products.map((p) => p.itemType))).toEqual(new Set(ITEM_TYPES));
    expect(products.filter((p) => p.itemType === 'Out of Stock').length).toBeGreaterThanOrEqual(2);
    expect(products.some((p) => p.showDescription === 'Show')).toBe(true);
    expect(new Set(products.map((p) => p.itemCount))).toEqual(new Set(['Count', 'Not Count']));
    for (const p of products) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.price).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.categoryId).toBeTruthy();
    }
  });

  it('gives every category and every product a Nepali name in Devanagari', () => {
    const devanagari = /[\u0900-\u097F]/;
    for (const c of db.select().from(category).all()) {
      expect(c.nameNe ?? '', c.name).toMatch(devanagari);
    }
    for (const p of db.select().from(product).all()) {
      expect(p.nameNe ?? '', p.name).toMatch(devanagari);
      // One digit convention (ADR 012): sizes keep Western digits.
      expect(p.nameNe ?? '', p.name).not.toMatch(/[\u0966-\u096F]/);
    }
  });

  it('gives every category and product a Japanese name, and Japanese invoices print them', () => {
    const japanese = /[\u3040-\u30FF\u4E00-\u9FFF]/;
    for (const c of db.select().from(category).all()) {
      expect(c.nameJa ?? '', c.name).toMatch(japanese);
    }
    const products = db.select().from(product).all();
    for (const p of products) expect(p.nameJa ?? '', p.name).toMatch(japanese);
    // Orders keep the name they were placed with, and invoices and the credit note copy it
    // (ADR 064): every billed line of a product has one.
    const count = (q: string) => (db.$client.prepare(q).get() as { n: number }).n;
    expect(count('SELECT COUNT(*) AS n FROM order_line WHERE product_id IS NOT NULL')).toBe(
      count("SELECT COUNT(*) AS n FROM order_line WHERE product_id IS NOT NULL AND name_ja <> ''"),
    );
    expect(
      count(
        `SELECT COUNT(*) AS n FROM invoice_line il JOIN order_line ol ON ol.id = il.order_line_id
          WHERE ol.product_id IS NOT NULL AND (il.name_ja IS NULL OR il.name_ja <> ol.name_ja)`,
      ),
    ).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM credit_note_line WHERE name_ja IS NULL')).toBe(0);
    const ja = db.$client
      .prepare<[], { id: string; customerId: string }>(
        `SELECT i.id, i.customer_id AS customerId FROM invoice i
           JOIN customer c ON c.id = i.customer_id
          WHERE i.kind = 'delivery' AND c.document_language = 'ja' LIMIT 1`,
      )
      .get();
    expect(ja).toBeDefined();
    if (!ja) return;
    const model = documentModel(db, 'invoice', ja.id, scopeOfCustomer(ja.customerId), 'Asia/Tokyo');
    const names = new Set(products.map((p) => p.nameJa));
    expect(model.lines.length).toBeGreaterThan(0);
    for (const l of model.lines)
      expect(names.has(l.name) || l.name === '配送料', l.name).toBe(true);
  });

  it('writes a real PNG for every product, slider and popup and records each upload', async () => {
    const files = new Map(
      db
        .select()
        .from(uploadedFile)
        .all()
        .map((f) => [f.name, f]),
    );
    const images = [
      ...db.select({ image: product.image }).from(product).all(),
      ...db.select({ image: informationItem.image }).from(informationItem).all(),
    ].map((r) => r.image);
    expect(files.size).toBe(images.length);
    expect(summary.files).toHaveLength(images.length);
    for (const image of images) {
      expect(image).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
      const name = image!.slice('/uploads/'.length);
      const data = fs.readFileSync(path.join(uploadsDir, name));
      expect(data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(files.get(name)).toMatchObject({ sizeBytes: data.length, contentType: 'image/png' });
    }
    // Product tiles are 320x240 pictures sharp can read back.
    const tile = db.select({ image: product.image }).from(product).get()?.image ?? '';
    const meta = await sharp(path.join(uploadsDir, tile.slice('/uploads/'.length))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 240]);
    // Pictures differ from product to product.
    const sizes = new Set([...files.values()].map((f) => f.sizeBytes));
    expect(sizes.size).toBeGreaterThan(files.size * 0.8);

    const info = db.select().from(informationItem).all();
    const kind = (type: string, active: boolean) =>
      info.filter((i) => i.type === type && i.active === active).length;
    expect(kind('slider', true)).toBe(3);
    expect(kind('slider', false)).toBe(1);
    expect(kind('popup', true)).toBe(1);
  });

  it('keeps each invoice paidAmount equal to its payments, with all three statuses', () => {
    const invoices = db.select().from(invoice).all();
    const payments = db.select().from(payment).all();
    const staff = new Map(
      db
        .select()
        .from(account)
        .all()
        .map((a) => [a.id, a]),
    );
    const paid = new Map<string, number>();
    for (const p of payments) {
      expect(p.amount).toBeGreaterThan(0);
      expect(p.date <= TODAY).toBe(true);
      expect(staff.get(p.collectedBy!)?.kind).toBe('employee');
      paid.set(p.invoiceId, (paid.get(p.invoiceId) ?? 0) + p.amount);
    }
    const statuses = new Set<string>();
    for (const inv of invoices) {
      expect(inv.amount).toBeGreaterThan(0);
      expect(inv.paidAmount).toBe(paid.get(inv.id) ?? 0);
      expect(inv.paidAmount).toBeLessThanOrEqual(inv.amount);
      statuses.add(
        inv.paidAmount === 0
          ? 'Pending'
          : inv.paidAmount < inv.amount
            ? 'Partial Paid'
            : 'Completed',
      );
      if (inv.assignToCollect) expect(staff.get(inv.assignToCollect)?.role).toBe('driver');
    }
    expect(statuses).toEqual(new Set(['Pending', 'Partial Paid', 'Completed']));
    expect(invoices.filter((i) => i.assignToCollect).length).toBeGreaterThan(invoices.length / 2);
  });

  it('prices every order as the sum of its lines, with pending and delivered web orders', () => {
    const orders = db.select().from(customerOrder).all();
    const lines = db.select().from(orderLine).all();
    const drivers = new Set(
      db
        .select()
        .from(account)
        .all()
        .filter((a) => a.role === 'driver')
        .map((a) => a.id),
    );
    const byOrder = new Map<string, (typeof lines)[number][]>();
    for (const l of lines) {
      expect(l.quantity).toBeGreaterThanOrEqual(1);
      expect(l.quantity).toBeLessThanOrEqual(9999);
      expect(l.lineTotal).toBe(l.unitPrice * l.quantity);
      byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    }
    for (const o of orders) {
      const mine = byOrder.get(o.id) ?? [];
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(8);
      // What the customer pays: the lines as delivered, with the tax once per rate.
      expect(o.total).toBe(
        taxByRate(
          mine.map((l) => ({
            amount: l.unitPrice * (l.deliveredQuantity ?? l.quantity),
            rate: l.taxRate === 10 ? 10 : 8,
          })),
        ).total,
      );
      expect(mine.map((l) => l.position).sort((a, b) => a - b)).toEqual(mine.map((_, i) => i));
      if (o.isDelivered) {
        expect(drivers.has(o.deliveredBy!)).toBe(true);
        expect(o.deliveredAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
        expect(o.deliveryDate < TODAY).toBe(true);
      } else {
        expect(o.deliveredBy).toBeNull();
        expect(o.deliveryDate >= TODAY).toBe(true);
      }
    }
    expect(orders.some((o) => !o.isDelivered)).toBe(true);
    expect(orders.some((o) => !o.isDelivered && o.customMessage)).toBe(true);
    expect(orders.filter((o) => o.isDelivered).length).toBeGreaterThan(200);
  });

  it('numbers delivery jobs from 1 and leaves some open for the drivers', () => {
    const jobs = db.select().from(deliveryJob).all();
    expect(jobs.map((j) => j.serialNo).sort((a, b) => a - b)).toEqual(jobs.map((_, i) => i + 1));
    expect(jobs.filter((j) => !j.isDelivered).length).toBeGreaterThanOrEqual(3);
    for (const j of jobs) expect(j.isDelivered).toBe(j.deliveredAt !== null);
    const drivers = new Set(jobs.map((j) => j.deliveredBy));
    expect(drivers.size).toBe(2);
  });

  it('gives web customers an ordersheet and leaves no broken references', () => {
    expect(db.select().from(wishlistEntry).all().length).toBeGreaterThan(20);
    expect(db.$client.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('makes every document of the month: delivery invoices, closings with statements, a short delivery, a credit note', () => {
    const count = (q: string) => (db.$client.prepare(q).get() as { n: number }).n;
    expect(count("SELECT COUNT(*) AS n FROM invoice WHERE kind = 'delivery'")).toBeGreaterThan(50);
    expect(count("SELECT COUNT(*) AS n FROM invoice WHERE kind = 'closing'")).toBeGreaterThan(5);
    expect(count('SELECT COUNT(*) AS n FROM statement')).toBeGreaterThan(5);
    expect(
      count("SELECT COUNT(*) AS n FROM order_line WHERE short_reason = 'short'"),
    ).toBeGreaterThanOrEqual(1);
    expect(count("SELECT COUNT(*) AS n FROM goods_claim WHERE status = 'approved'")).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM credit_note')).toBe(1);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM payment p JOIN invoice i ON i.id = p.invoice_id WHERE i.kind = 'delivery'",
      ),
    ).toBeGreaterThan(30);
    const business = db.$client
      .prepare("SELECT value FROM setting WHERE key = 'business'")
      .get() as {
      value: string;
    };
    expect(JSON.parse(business.value).registrationNumber).toBe('T7000012050002');
    expect(
      count(
        "SELECT COUNT(*) AS n FROM customer WHERE payment_method = 'monthly' AND closing_day IS NULL",
      ),
    ).toBe(0);
  });

  it('numbers every slip, invoice and receipt in the order of its dates, and bills both tax rates', () => {
    const count = (q: string) => (db.$client.prepare(q).get() as { n: number }).n;
    // Packaging is at the standard 10 %: some documents carry both rates, as a real month does.
    expect(
      count('SELECT COUNT(*) AS n FROM invoice WHERE net8 > 0 AND net10 > 0 AND tax10 > 0'),
    ).toBeGreaterThan(5);
    const inOrder = (rows: { number: string | null; date: string }[]) => {
      const numbers = rows.map((r) => Number(r.number?.slice(-6)));
      // Gapless from 1, and dated in the order of their numbers.
      expect(numbers).toEqual(rows.map((_, i) => i + 1));
      const dates = rows.map((r) => r.date);
      expect(dates).toEqual([...dates].sort());
    };
    inOrder(
      db.$client
        .prepare(
          `SELECT slip_number AS number, delivery_date AS date FROM customer_order
            WHERE slip_number IS NOT NULL ORDER BY slip_number`,
        )
        .all() as { number: string; date: string }[],
    );
    // Every order a driver delivered has its slip.
    expect(
      count(
        `SELECT COUNT(*) AS n FROM customer_order o JOIN delivery_job j ON j.order_id = o.id
          WHERE j.is_delivered = 1 AND o.slip_number IS NULL`,
      ),
    ).toBe(0);
    // Beer is alcohol: its own 10 %, in a category of reduced-rate drinks; every order line
    // carries its product's rate.
    expect(
      count(
        `SELECT COUNT(*) AS n FROM order_line l JOIN product p ON p.id = l.product_id
          JOIN category c ON c.id = p.category_id
         WHERE l.tax_rate <> COALESCE(p.tax_rate, c.tax_rate)`,
      ),
    ).toBe(0);
    expect(
      count("SELECT COUNT(*) AS n FROM product WHERE name LIKE '%Beer%' AND tax_rate = 10"),
    ).toBe(2);
    // Every restaurant's documents are addressed: billing name, address (the route's map link)
    // and e-mail; one reads them in English.
    expect(
      count(
        `SELECT COUNT(*) AS n FROM customer WHERE billing_name IS NULL OR billing_address NOT LIKE '〒%'
            OR email NOT LIKE '%@example.com'`,
      ),
    ).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM customer WHERE document_language = 'en'")).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM invoice WHERE number IS NULL')).toBe(0);
    // Every invoice, typed ones too, is in a rate: its figures add up to what it bills.
    expect(
      count(
        'SELECT COUNT(*) AS n FROM invoice WHERE net8 + tax8 + net10 + tax10 <> amount + credit_applied',
      ),
    ).toBe(0);
    inOrder(
      db.$client
        .prepare(
          `SELECT number, issue_date AS date FROM invoice WHERE number IS NOT NULL ORDER BY number`,
        )
        .all() as { number: string; date: string }[],
    );
    inOrder(
      db.$client
        // Money received: a bank transfer fee written off has no receipt (ADR 069).
        .prepare(
          `SELECT receipt_number AS number, date FROM payment WHERE kind = 'payment'
            ORDER BY receipt_number`,
        )
        .all() as { number: string; date: string }[],
    );
  });

  it('addresses every document to the customer of what it is for, on its record and its model', () => {
    // A document's recipient is recorded under its number (ADR 049): renumbering a document
    // after its number was taken would hand it another restaurant's name, address and code.
    const documents = db.$client
      .prepare(
        `SELECT 'slip' AS kind, id, slip_number AS number, customer_id AS customerId,
                customer_id AS expected
           FROM customer_order WHERE slip_number IS NOT NULL
         UNION ALL
         SELECT 'invoice', id, number, customer_id, customer_id FROM invoice WHERE number IS NOT NULL
         UNION ALL
         SELECT 'statement', s.id, s.number, s.customer_id,
                COALESCE((SELECT customer_id FROM invoice WHERE id = s.invoice_id), s.customer_id)
           FROM statement s
         UNION ALL
         SELECT 'creditNote', n.id, n.number, n.customer_id,
                COALESCE((SELECT customer_id FROM invoice WHERE id = n.invoice_id), n.customer_id)
           FROM credit_note n
         UNION ALL
         SELECT 'receipt', p.id, p.receipt_number, i.customer_id, i.customer_id
           FROM payment p JOIN invoice i ON i.id = p.invoice_id WHERE p.kind = 'payment'`,
      )
      .all() as {
      kind: DocumentKind;
      id: string;
      number: string | null;
      customerId: string | null;
      expected: string | null;
    }[];
    const customers = new Map(
      db
        .select()
        .from(customer)
        .all()
        .map((c) => [c.id, c]),
    );
    const recorded = new Map(
      (
        db.$client.prepare('SELECT kind, number, recipient FROM document_party').all() as {
          kind: string;
          number: string;
          recipient: string;
        }[]
      ).map((r) => [
        `${r.kind} ${r.number}`,
        JSON.parse(r.recipient) as { customerId: string; customerCode: string },
      ]),
    );
    for (const kind of DOCUMENT_KINDS) {
      expect(documents.filter((d) => d.kind === kind).length, kind).toBeGreaterThan(0);
    }
    const wrong: string[] = [];
    for (const d of documents) {
      const c = d.expected ? customers.get(d.expected) : undefined;
      expect(d.number, `${d.kind} ${d.id}`).toBeTruthy();
      expect(c, `${d.kind} ${d.number}`).toBeDefined();
      if (!c || !d.number) continue;
      const model = documentModel(db, d.kind, d.id, scopeOfCustomer(c.id), 'Asia/Tokyo');
      const seen = {
        row: d.customerId,
        recorded: recorded.get(`${d.kind} ${d.number}`)?.customerId ?? null,
        model: model.recipient.customerId,
        name: model.recipient.name,
        address: model.recipient.address,
        code: model.recipient.customerCode,
      };
      const want = {
        row: c.id,
        recorded: c.id,
        model: c.id,
        name: c.billingName?.trim() || c.restaurantName,
        address: c.billingAddress ?? '',
        code: c.customerCode,
      };
      if (JSON.stringify(seen) !== JSON.stringify(want)) {
        const kept = recorded.get(`${d.kind} ${d.number}`)?.customerCode ?? 'nothing';
        wrong.push(
          `${d.kind} ${d.number} of ${want.code}: recorded ${kept}, printed ${seen.code} ${seen.name}`,
        );
      }
    }
    expect(wrong).toEqual([]);
    // The orders an invoice bills are its customer's.
    expect(
      (
        db.$client
          .prepare(
            `SELECT COUNT(*) AS n FROM customer_order o JOIN invoice i ON i.id = o.invoice_id
              WHERE o.customer_id IS NOT i.customer_id`,
          )
          .get() as { n: number }
      ).n,
    ).toBe(0);
    // No record names a document that does not exist, and no receipt replaces another
    // restaurant's.
    const numbers = new Set(documents.map((d) => `${d.kind} ${d.number}`));
    for (const key of recorded.keys()) expect(numbers.has(key), key).toBe(true);
    const replaced = db.$client
      .prepare(
        `SELECT p.receipt_replaces AS number, i.customer_id AS customerId
           FROM payment p JOIN invoice i ON i.id = p.invoice_id WHERE p.receipt_replaces IS NOT NULL`,
      )
      .all() as { number: string; customerId: string }[];
    for (const r of replaced) {
      expect(recorded.get(`receipt ${r.number}`)?.customerId, r.number).toBe(r.customerId);
    }
    // Each kind's counter stands at its last number: the next document follows on, no gap.
    const counters = new Map(
      (
        db.$client.prepare('SELECT kind, last FROM document_counter').all() as {
          kind: string;
          last: number;
        }[]
      ).map((r) => [r.kind, r.last]),
    );
    for (const kind of DOCUMENT_KINDS) {
      const mine = documents
        .filter((d) => d.kind === kind)
        .map((d) => Number(d.number?.slice(-6)))
        .sort((a, b) => a - b);
      expect(mine, kind).toEqual(mine.map((_, i) => i + 1));
      expect(counters.get(kind), kind).toBe(mine.length);
    }
  });

  it("shows one monthly customer's transfer ¥660 short, the rest written off as the bank fee", () => {
    const fees = db.$client
      .prepare(
        `SELECT f.amount, f.receipt_number AS receipt, i.amount AS invoiced,
                i.paid_amount AS paid, c.payment_method AS method,
                (SELECT SUM(p.amount) FROM payment p
                  WHERE p.invoice_id = i.id AND p.kind = 'payment') AS received
           FROM payment f JOIN invoice i ON i.id = f.invoice_id
           JOIN customer c ON c.id = i.customer_id WHERE f.kind = 'bank_fee'`,
      )
      .all() as Record<string, unknown>[];
    expect(fees).toHaveLength(1);
    const [fee] = fees as { amount: number; invoiced: number; received: number }[];
    expect(fees[0]).toMatchObject({ amount: 660, receipt: null, method: 'monthly' });
    expect(fees[0]?.paid).toBe(fee?.invoiced);
    expect(fee?.received).toBe((fee?.invoiced ?? 0) - 660);
    // Its statement shows it apart from the money received, and still adds up.
    const st = db.$client
      .prepare(
        `SELECT previous_balance AS previous, payments_received AS received, adjustments,
                carried_over AS carried FROM statement WHERE adjustments > 0`,
      )
      .all() as { previous: number; received: number; adjustments: number; carried: number }[];
    expect(st).toHaveLength(1);
    expect(st[0]?.adjustments).toBe(660);
    expect((st[0]?.previous ?? 0) - (st[0]?.received ?? 0) - 660).toBe(st[0]?.carried);
  });

  it("counts on each statement the payments received in its period, as the restaurant's bank shows", () => {
    const statements = db.$client
      .prepare(
        `SELECT customer_id AS customerId, closing_date AS closingDate,
                payments_received AS received, previous_balance AS previous, amount_due AS due,
                LAG(closing_date) OVER (PARTITION BY customer_id ORDER BY closing_date) AS before,
                LAG(amount_due) OVER (PARTITION BY customer_id ORDER BY closing_date) AS lastDue
           FROM statement`,
      )
      .all() as {
      customerId: string;
      closingDate: string;
      received: number;
      previous: number;
      due: number;
      before: string | null;
      lastDue: number | null;
    }[];
    // Money received: a bank transfer fee written off is the statement's adjustments (ADR 069).
    const paidIn = db.$client.prepare(
      `SELECT COALESCE(SUM(p.amount), 0) AS n FROM payment p JOIN invoice i ON i.id = p.invoice_id
        WHERE i.customer_id = ? AND p.date > ? AND p.date <= ? AND p.kind = 'payment'`,
    );
    let withPayments = 0;
    for (const st of statements.filter((x) => x.before)) {
      const { n } = paidIn.get(st.customerId, st.before, st.closingDate) as { n: number };
      expect(st.received, `${st.customerId} ${st.closingDate}`).toBe(n);
      expect(st.previous).toBe(st.lastDue);
      if (n > 0) withPayments += 1;
    }
    expect(withPayments).toBeGreaterThan(3);
  });

  it('asks on every statement for exactly what the restaurant owed on its closing date', () => {
    // What the office's invoice list and the aging report say: the invoices issued by then,
    // less the payments made by then. Before, a first statement also brought forward invoices
    // issued after it (ADR 047).
    const statements = db.$client
      .prepare(
        `SELECT s.number, s.customer_id AS customerId, s.closing_date AS closingDate,
                s.amount_due AS due
           FROM statement s`,
      )
      .all() as { number: string; customerId: string; closingDate: string; due: number }[];
    const owed = db.$client.prepare(
      `SELECT (SELECT COALESCE(SUM(amount), 0) FROM invoice
                WHERE customer_id = @c AND cancelled_at IS NULL
                  AND substr(COALESCE(issue_date, created_at), 1, 10) <= @d)
            - (SELECT COALESCE(SUM(p.amount), 0) FROM payment p JOIN invoice i ON i.id = p.invoice_id
                WHERE i.customer_id = @c AND p.date <= @d) AS n`,
    );
    expect(statements.length).toBeGreaterThan(5);
    for (const st of statements) {
      const { n } = owed.get({ c: st.customerId, d: st.closingDate }) as { n: number };
      expect(st.due, `${st.number} ${st.closingDate}`).toBe(n);
    }
  });

  it('after closing every customer, invoiced amounts equal delivered amounts with tax, each order once', () => {
    const actor = { id: null, name: 'test' };
    for (let d = TODAY; d <= addDaysIso(TODAY, 31); d = addDaysIso(d, 1)) {
      runClosing(db, actor, d, { timeZone: 'Asia/Tokyo' });
    }
    // Every delivered web order (its driver's job delivered) is on exactly one invoice.
    const delivered = db.$client
      .prepare(
        `SELECT o.id, o.invoice_id AS invoiceId FROM customer_order o
          WHERE o.is_delivered = 1 AND NOT EXISTS (
            SELECT 1 FROM delivery_job j WHERE j.order_id = o.id AND j.is_delivered = 0)`,
      )
      .all() as { id: string; invoiceId: string | null }[];
    expect(delivered.length).toBeGreaterThan(100);
    for (const o of delivered) expect(o.invoiceId, o.id).toBeTruthy();
    const onInvoices = db.$client
      .prepare(
        `SELECT order_id AS orderId, COUNT(DISTINCT invoice_id) AS n FROM invoice_line
          WHERE order_id IS NOT NULL GROUP BY order_id`,
      )
      .all() as { orderId: string; n: number }[];
    for (const r of onInvoices) expect(r.n).toBe(1);
    // Each invoice: its lines are the delivered lines of its orders, and its figures are their
    // tax per rate (before the credit notes it deducted).
    const invoices = db.$client
      .prepare(
        `SELECT id, amount, credit_applied AS credit, net8 + tax8 + net10 + tax10 AS gross
           FROM invoice WHERE kind IN ('delivery', 'closing')`,
      )
      .all() as { id: string; amount: number; credit: number; gross: number }[];
    let invoiced = 0;
    let deliveredTotal = 0;
    for (const inv of invoices) {
      const lines = db.$client
        .prepare(
          `SELECT l.unit_price * COALESCE(l.delivered_quantity, l.quantity) AS amount,
                  l.tax_rate AS rate
             FROM order_line l JOIN customer_order o ON o.id = l.order_id
            WHERE o.invoice_id = ?`,
        )
        .all(inv.id) as { amount: number; rate: 8 | 10 }[];
      const expected = taxByRate(lines).total;
      expect(inv.gross).toBe(expected);
      expect(inv.amount + inv.credit).toBe(expected);
      invoiced += inv.gross;
      deliveredTotal += expected;
      const billedLines = db.$client
        .prepare('SELECT COALESCE(SUM(amount), 0) AS n FROM invoice_line WHERE invoice_id = ?')
        .get(inv.id) as { n: number };
      expect(billedLines.n).toBe(lines.reduce((s, l) => s + l.amount, 0));
    }
    expect(invoiced).toBe(deliveredTotal);
  });

  it('is repeatable, and clearAllData removes every row and picture', async () => {
    const other = freshDb();
    const again = await seedDemo(other.db, { uploadsDir: other.uploadsDir, today: TODAY });
    expect(again.counts).toEqual(summary.counts);
    const totals = (d: Db) =>
      d
        .select({
          code: customerOrder.customerCode,
          date: customerOrder.deliveryDate,
          total: customerOrder.total,
        })
        .from(customerOrder)
        .all()
        .sort((a, b) => a.code.localeCompare(b.code) || a.date.localeCompare(b.date));
    expect(totals(other.db)).toEqual(totals(db));

    const removed = clearAllData(other.db, other.uploadsDir);
    expect(removed.files).toBe(again.files.length);
    expect(Object.values(tableCounts(other.db)).every((n) => n === 0)).toBe(true);
    expect(fs.readdirSync(other.uploadsDir)).toEqual([]);
  });
});
