import { account, category, customer, product, route } from '../../drizzle/schema';
import { hashPassword } from '../../server/accounts/passwords';
import type { Db } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import type { EmployeeRole, ItemType, PaymentMethod, Unit } from '../../shared/enums';

// Each test file makes its own rows; nothing is shared between files.

export const PASSWORD = 'secret-pass-1';
const hashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; reuse one hash per password within a test run. */
function hashed(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function makeAdmin(db: Db, over: { username?: string; password?: string } = {}) {
  const username = over.username ?? unique('admin');
  const id = newId();
  db.insert(account)
    .values({
      id,
      username,
      passwordHash: await hashed(over.password ?? PASSWORD),
      kind: 'admin',
      name: 'Admin',
    })
    .run();
  return { id, username, password: over.password ?? PASSWORD };
}

export async function makeEmployee(
  db: Db,
  role: EmployeeRole,
  over: { username?: string; password?: string; name?: string } = {},
) {
  const username = over.username ?? unique(role);
  const id = newId();
  db.insert(account)
    .values({
      id,
      username,
      passwordHash: await hashed(over.password ?? PASSWORD),
      kind: 'employee',
      role,
      name: over.name ?? `${role} ${username}`,
      phoneNumber: '8011112222',
    })
    .run();
  return { id, username, password: over.password ?? PASSWORD };
}

export function makeRoute(db: Db, name = unique('Route ')) {
  const id = newId();
  db.insert(route).values({ id, name }).run();
  return { id, name };
}

export async function makeCustomer(
  db: Db,
  over: {
    username?: string;
    password?: string;
    restaurantName?: string;
    paymentMethod?: PaymentMethod;
    routeId?: string | null;
    deliveryDays?: string[];
    webOrder?: boolean;
  } = {},
) {
  const username = over.username ?? unique('cust');
  const accountId = newId();
  db.insert(account)
    .values({
      id: accountId,
      username,
      passwordHash: await hashed(over.password ?? PASSWORD),
      kind: 'customer',
    })
    .run();
  const id = newId();
  db.insert(customer)
    .values({
      id,
      accountId,
      restaurantName: over.restaurantName ?? `Restaurant ${username}`,
      phoneNumber: '312345678',
      customerCode: unique('C'),
      paymentMethod: over.paymentMethod ?? 'cash',
      routeId: over.routeId ?? null,
      deliveryDays: over.deliveryDays ?? ['Monday', 'Thursday'],
      webOrder: over.webOrder ?? true,
      contactPerson: 'Owner',
    })
    .run();
  return { id, accountId, username, password: over.password ?? PASSWORD };
}

export function makeCategory(db: Db, name = unique('Category ')) {
  const id = newId();
  db.insert(category).values({ id, name }).run();
  return { id, name };
}

export function makeProduct(
  db: Db,
  over: {
    name?: string;
    categoryId?: string | null;
    price?: number;
    sku?: Unit;
    itemType?: ItemType;
    productRank?: number;
    /** Counted products take their stock at placement (ADR 036): plenty unless a test says. */
    itemCount?: 'Count' | 'Not Count';
    stockInCount?: number;
  } = {},
) {
  const id = newId();
  const values = {
    id,
    name: over.name ?? unique('Product '),
    categoryId: over.categoryId ?? null,
    price: over.price ?? 1000,
    sku: over.sku ?? 'Kg',
    itemType: over.itemType ?? 'Regular',
    productRank: over.productRank ?? 10,
    itemCount: over.itemCount ?? 'Count',
    stockInCount: over.stockInCount ?? 100_000,
  } as const;
  db.insert(product).values(values).run();
  return values;
}

/** An invoice written directly (the API tests create theirs through POST /api/invoice). */
export function makeInvoice(
  db: Db,
  over: {
    customerId: string;
    amount?: number;
    paidAmount?: number;
    dueDate?: string | null;
    assignToCollect?: string | null;
  },
) {
  const id = newId();
  db.$client
    .prepare(
      `INSERT INTO invoice (id, customer_id, due_date, amount, paid_amount, note, assign_to_collect)
       VALUES (?, ?, ?, ?, ?, '', ?)`,
    )
    .run(
      id,
      over.customerId,
      over.dueDate ?? null,
      over.amount ?? 5000,
      over.paidAmount ?? 0,
      over.assignToCollect ?? null,
    );
  return { id };
}
