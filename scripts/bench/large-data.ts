import { hashPassword } from '../../server/accounts/passwords';
import type { Db } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { ITEM_TYPES, UNITS } from '../../shared/enums';
import { isOutOfStock } from '../../shared/rules';

// A large, plain data set for the benchmark: 1,000 products, 300 customers, 100,000 orders.
// Written with prepared statements in one transaction; realism is the demo seed's job.

export const BENCH_PASSWORD = 'bench-pass-1';

export interface LargeData {
  customerUsernames: string[];
  customerAccountIds: string[];
  productIds: string[];
  /** The products an order may hold. */
  inStockProductIds: string[];
}

export async function seedLargeData(
  db: Db,
  sizes = { products: 1000, customers: 300, orders: 100_000 },
): Promise<LargeData> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const sqlite = db.$client;
  const insCategory = sqlite.prepare('INSERT INTO category (id, name) VALUES (?, ?)');
  const insProduct = sqlite.prepare(
    // Stock plenty: the rush measures placement, not running out (ADR 036's count still runs).
    `INSERT INTO product (id, name, category_id, price, description, sku, image, product_rank, item_type, stock_in_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 100000000)`,
  );
  const insRoute = sqlite.prepare('INSERT INTO route (id, name) VALUES (?, ?)');
  const insAccount = sqlite.prepare(
    `INSERT INTO account (id, username, password_hash, kind) VALUES (?, ?, ?, 'customer')`,
  );
  const insCustomer = sqlite.prepare(
    `INSERT INTO customer (id, account_id, restaurant_name, phone_number, customer_code, payment_method,
       delivery_days, route_id, web_order) VALUES (?, ?, ?, ?, ?, 'cash', '["Monday","Thursday"]', ?, 1)`,
  );
  const insOrder = sqlite.prepare(
    `INSERT INTO customer_order (id, order_number, customer_id, placed_by, restaurant_name, customer_code,
       username, phone_number, route_name, delivery_date, total, is_delivered, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, '312345678', ?, ?, ?, ?, ?)`,
  );
  const insLine = sqlite.prepare(
    `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity, line_total)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const categories = Array.from({ length: 8 }, (_, i) => ({
    id: newId(),
    name: `Category ${i + 1}`,
  }));
  const products = Array.from({ length: sizes.products }, (_, i) => ({
    id: newId(),
    name: `Product ${String(i + 1).padStart(4, '0')}`,
    categoryId: categories[i % categories.length]!.id,
    price: 200 + ((i * 37) % 5000),
    sku: UNITS[i % UNITS.length]!,
    itemType: i % 50 === 7 ? 'Out of Stock' : ITEM_TYPES[i % 3 === 0 ? i % ITEM_TYPES.length : 0]!,
  }));
  const routes = Array.from({ length: 4 }, (_, i) => ({ id: newId(), name: `Route ${i + 1}` }));
  const customers = Array.from({ length: sizes.customers }, (_, i) => ({
    id: newId(),
    accountId: newId(),
    username: `bench${String(i + 1).padStart(3, '0')}`,
    name: `Restaurant ${i + 1}`,
    code: `B${String(i + 1).padStart(4, '0')}`,
    route: routes[i % routes.length]!,
  }));

  const start = Date.now() - 90 * 24 * 3600_000;
  db.$client.transaction(() => {
    for (const c of categories) insCategory.run(c.id, c.name);
    products.forEach((p, i) => {
      insProduct.run(
        p.id,
        p.name,
        p.categoryId,
        p.price,
        `About ${p.name}`,
        p.sku,
        null,
        i,
        p.itemType,
      );
    });
    for (const r of routes) insRoute.run(r.id, r.name);
    for (const c of customers) {
      insAccount.run(c.accountId, c.username, hash);
      insCustomer.run(c.id, c.accountId, c.name, '312345678', c.code, c.route.id);
    }
    for (let i = 0; i < sizes.orders; i++) {
      const c = customers[i % customers.length]!;
      const id = newId();
      const lines = 3 + (i % 5);
      let total = 0;
      const rows: unknown[][] = [];
      for (let l = 0; l < lines; l++) {
        const p = products[(i * 7 + l * 13) % products.length]!;
        const q = 1 + ((i + l) % 9);
        total += p.price * q;
        rows.push([newId(), id, p.id, l, p.name, p.sku, p.price, q, p.price * q]);
      }
      const created = new Date(start + i * 77_000).toISOString();
      insOrder.run(
        id,
        10001 + i,
        c.id,
        c.accountId,
        c.name,
        c.code,
        c.username,
        c.route.name,
        created.slice(0, 10),
        total,
        i < sizes.orders - 500 ? 1 : 0,
        created,
      );
      for (const r of rows) insLine.run(...r);
    }
  })();
  return {
    customerUsernames: customers.map((c) => c.username),
    customerAccountIds: customers.map((c) => c.accountId),
    productIds: products.map((p) => p.id),
    inStockProductIds: products.filter((p) => !isOutOfStock(p.itemType)).map((p) => p.id),
  };
}

/**
 * 30,000 invoices over the large data set's customers (a third of them monthly), a quarter
 * paid, a quarter partly paid, with a payment for each paid amount. Separate from
 * seedLargeData so the other benchmarks keep their data set unchanged.
 */
export function seedLargeInvoices(db: Db, count = 30_000): { invoiceIds: string[] } {
  const sqlite = db.$client;
  const customers = sqlite
    .prepare('SELECT id FROM customer ORDER BY customer_code')
    .pluck()
    .all() as string[];
  if (customers.length === 0) throw new Error('seedLargeData first');
  const setMonthly = sqlite.prepare(
    "UPDATE customer SET payment_method = 'monthly', payment_date = ? WHERE id = ?",
  );
  const insInvoice = sqlite.prepare(
    `INSERT INTO invoice (id, customer_id, due_date, amount, paid_amount, note, created_at)
     VALUES (?, ?, ?, ?, ?, '', ?)`,
  );
  const insPayment = sqlite.prepare(
    'INSERT INTO payment (id, invoice_id, amount, date, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const start = Date.now() - 180 * 24 * 3600_000;
  const invoiceIds: string[] = [];
  sqlite.transaction(() => {
    customers.forEach((id, i) => {
      if (i % 3 === 0) setMonthly.run(String((i % 28) + 1), id);
    });
    for (let i = 0; i < count; i++) {
      const id = newId();
      const amount = 1000 + ((i * 7919) % 90_000);
      const paid = i % 4 === 0 ? amount : i % 4 === 1 ? Math.floor(amount / 3) : 0;
      const created = new Date(start + i * 500_000);
      const due = new Date(created.getTime() + 14 * 24 * 3600_000).toISOString().slice(0, 10);
      insInvoice.run(id, customers[i % customers.length], due, amount, paid, created.toISOString());
      if (paid > 0) insPayment.run(newId(), id, paid, due, created.toISOString());
      invoiceIds.push(id);
    }
  })();
  return { invoiceIds };
}
