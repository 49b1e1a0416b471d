import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { account, customer, route } from '../../drizzle/schema';
import {
  DEFAULT_PAYMENT_MONTH,
  type PaymentMonth,
  paymentMonthFits,
} from '../../shared/closing-dates';
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerKind,
  type CustomerOut,
  type CustomerPageOut,
  type customerFields,
  type customerListInput,
} from '../../shared/schemas/office';
import { searchQuery } from '../../shared/search/fold';
import { codeKey, phoneDigits, typedText } from '../../shared/search/typed';
import { hashPassword } from '../accounts/passwords';
import { invalidateAccountSessions } from '../accounts/sessions';
import { assertUsernameFree, fieldConflict, fieldError } from '../accounts/usernames';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { newId } from '../platform/ids';
import { mergeOntoNow } from '../platform/seen';
import { isSilent, silentCustomers } from './activity';
import { removeAllPeople } from './people';
import { namesMatch } from './pick';
import { nextStopPosition } from './routes';

// Customers (restaurants) as the office manages them: the list with each one's last delivery
// and dues, the Customer Form's create / update / delete, and the customer's optional login.

type Fields = z.output<typeof customerFields>;
type CustomerRow = typeof customer.$inferSelect;

// --- The list --------------------------------------------------------------------------------
// One statement for every customer: the latest delivery is a MAX over an index on
// (customer_id, delivered_at) of orders and of delivery jobs, and the dues a SUM over the
// unpaid, not cancelled part of an index on invoices (the index covers it: no invoice row is
// read); no query per customer, no scan of all orders. Built for every read: a cache that every
// write empties did not earn its keep (docs/decisions/030).

interface ListRow {
  id: string;
  restaurantName: string;
  phoneNumber: string;
  customerCode: string;
  paymentMethod: 'cash' | 'monthly';
  paymentDate: string | null;
  deliveryDays: string;
  routeId: string | null;
  routeName: string | null;
  contactPerson: string | null;
  mobileNumber: string | null;
  username: string | null;
  badDebt: number;
  webOrder: number;
  creditHold: number;
  billingName: string | null;
  billingAddress: string | null;
  transferName: string | null;
  email: string | null;
  closingDay: number | null;
  paymentMonth: PaymentMonth;
  documentLanguage: 'ja' | 'en';
  lastOrder: string | null;
  lastJob: string | null;
  dues: number;
}

const LIST_SELECT = sql`
  SELECT c.id AS id, c.restaurant_name AS restaurantName, c.phone_number AS phoneNumber,
    c.customer_code AS customerCode, c.payment_method AS paymentMethod,
    c.payment_date AS paymentDate, c.delivery_days AS deliveryDays, c.route_id AS routeId,
    r.name AS routeName, c.contact_person AS contactPerson, c.mobile_number AS mobileNumber,
    a.username AS username, c.bad_debt AS badDebt, c.web_order AS webOrder,
    c.credit_hold AS creditHold, c.billing_name AS billingName,
    c.billing_address AS billingAddress, c.transfer_name AS transferName, c.email AS email, c.closing_day AS closingDay,
    c.payment_month AS paymentMonth, c.document_language AS documentLanguage,
    (SELECT MAX(o.delivered_at) FROM customer_order o
      WHERE o.customer_id = c.id AND o.delivered_at IS NOT NULL
        -- An order's delivered_at is when it was handed over; with a driver, the job says
        -- when it reached the restaurant (deliveries/delivered-at.ts), below.
        AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)) AS lastOrder,
    (SELECT MAX(j.delivered_at) FROM delivery_job j
      WHERE j.customer_id = c.id AND j.delivered_at IS NOT NULL) AS lastJob,
    (SELECT COALESCE(SUM(i.amount - i.paid_amount), 0) FROM invoice i
      WHERE i.customer_id = c.id AND i.paid_amount < i.amount AND i.cancelled_at IS NULL) AS dues
  FROM customer c
  LEFT JOIN route r ON r.id = c.route_id
  LEFT JOIN account a ON a.id = c.account_id`;
const LIST_SQL = sql`${LIST_SELECT} ORDER BY c.restaurant_name COLLATE NOCASE, c.id`;

function toOut(r: ListRow, silent: ReadonlySet<string>): CustomerOut {
  const last = !r.lastOrder
    ? r.lastJob
    : !r.lastJob || r.lastOrder > r.lastJob
      ? r.lastOrder
      : r.lastJob;
  let days: string[] = [];
  try {
    days = JSON.parse(r.deliveryDays) as string[];
  } catch {
    days = [];
  }
  return {
    _id: r.id,
    restaurantName: r.restaurantName,
    phoneNumber: r.phoneNumber,
    customerCode: r.customerCode,
    paymentMethod: r.paymentMethod,
    paymentDate: r.paymentDate,
    deliveryDays: days,
    route: r.routeId,
    routeName: r.routeName,
    contactPerson: r.contactPerson,
    mobileNumber: r.mobileNumber,
    username: r.username,
    badDebt: r.badDebt === 1,
    webOrder: r.webOrder === 1,
    creditHold: r.creditHold === 1,
    billingName: r.billingName,
    billingAddress: r.billingAddress,
    transferName: r.transferName,
    email: r.email,
    closingDay: r.closingDay,
    paymentMonth: r.paymentMonth,
    documentLanguage: r.documentLanguage === 'en' ? 'en' : 'ja',
    totalDues: r.dues,
    lastDelivered: last,
    inactive: silent.has(r.id),
  };
}

/**
 * Every customer with route, login name, last delivery and dues; `inactive` when no order was
 * placed for it in 30 days, as the dashboard counts it (server/customers/activity.ts).
 */
export function allCustomers(db: Db, timeZone: string, now = new Date()): CustomerOut[] {
  const silent = new Set(silentCustomers(db, now, timeZone).map((c) => c._id));
  return db.all<ListRow>(LIST_SQL).map((r) => toOut(r, silent));
}

export function matchesKind(c: CustomerOut, kind: CustomerKind): boolean {
  switch (kind) {
    case 'all':
      return true;
    case 'cash':
      return c.paymentMethod === 'cash' && !c.badDebt;
    case 'monthly':
      return c.paymentMethod === 'monthly' && !c.badDebt;
    case 'baddebt':
      return c.badDebt;
    case 'web':
      return c.webOrder;
  }
}

export function listCustomers(
  db: Db,
  timeZone: string,
  input: z.output<typeof customerListInput>,
): CustomerOut[] {
  const all = allCustomers(db, timeZone);
  // As typed (ADR 113): full-width read as ordinary, "c7" for C007, a phone number in any form.
  const keyword = input.keyword ? typedText(input.keyword) : undefined;
  const key = keyword ? codeKey(keyword) : null;
  const digits = keyword ? phoneDigits(keyword) : null;
  if (input.kind === 'all' && !input.route && !keyword) return all;
  // The kana reading of the names (hiragana finds a half-width katakana transfer name), as the
  // office's pickers find them.
  const spelled = keyword ? searchQuery(input.keyword ?? '') : null;
  return all.filter(
    (c) =>
      matchesKind(c, input.kind) &&
      (!input.route || c.route === input.route) &&
      (!keyword ||
        c.restaurantName.toLowerCase().includes(keyword) ||
        c.customerCode.toLowerCase().includes(keyword) ||
        (key !== null && codeKey(c.customerCode) === key) ||
        (!!digits && (c.phoneNumber.includes(digits) || !!c.mobileNumber?.includes(digits))) ||
        (!!spelled && namesMatch(c, spelled, all.length))),
  );
}

/** One page of the (filtered) list (the screen's cards), with the number of pages. */
export function pageOfCustomers(
  db: Db,
  timeZone: string,
  input: z.output<typeof customerListInput> & { pageNumber: number },
): CustomerPageOut {
  const all = listCustomers(db, timeZone, input);
  const pages = Math.max(1, Math.ceil(all.length / CUSTOMER_PAGE_SIZE));
  const page = Math.min(input.pageNumber, pages);
  return {
    customers: all.slice((page - 1) * CUSTOMER_PAGE_SIZE, page * CUSTOMER_PAGE_SIZE),
    page,
    pages,
    total: all.length,
  };
}

/** One customer as the list shows it (read alone, not by reading the whole list). */
export function getCustomer(db: Db, timeZone: string, id: string, now = new Date()): CustomerOut {
  const row = db.get<ListRow | undefined>(sql`${LIST_SELECT} WHERE c.id = ${id}`);
  if (!row) throw notFound('customer.notFound');
  return toOut(row, new Set(isSilent(db, id, now, timeZone) ? [id] : []));
}

// --- Changes ---------------------------------------------------------------------------------

/** What the trail keeps of a customer (never a password); the route by name, as people read it. */
function trailFields(db: Db, c: CustomerRow, username: string | null) {
  const routeName = c.routeId
    ? (db.select({ name: route.name }).from(route).where(eq(route.id, c.routeId)).get()?.name ??
      null)
    : null;
  return {
    restaurantName: c.restaurantName,
    phoneNumber: c.phoneNumber,
    customerCode: c.customerCode,
    paymentMethod: c.paymentMethod,
    paymentDate: c.paymentDate,
    deliveryDays: c.deliveryDays,
    route: routeName,
    contactPerson: c.contactPerson,
    mobileNumber: c.mobileNumber,
    username,
    badDebt: c.badDebt,
    webOrder: c.webOrder,
    creditHold: c.creditHold,
    billingName: c.billingName,
    billingAddress: c.billingAddress,
    transferName: c.transferName,
    email: c.email,
    closingDay: c.closingDay,
    paymentMonth: c.paymentMonth,
    documentLanguage: c.documentLanguage,
  };
}

function rowValues(input: Fields) {
  return {
    restaurantName: input.restaurantName,
    phoneNumber: input.phoneNumber,
    customerCode: input.customerCode,
    paymentMethod: input.paymentMethod,
    paymentDate: input.paymentDate,
    deliveryDays: input.deliveryDays,
    routeId: input.route,
    contactPerson: input.contactPerson,
    mobileNumber: input.mobileNumber,
    badDebt: input.badDebt,
    webOrder: input.webOrder,
    creditHold: input.creditHold,
    billingName: input.billingName,
    billingAddress: input.billingAddress,
    // Absent (an edit or import from before 振込名義): the row's own.
    ...(input.transferName === undefined ? {} : { transferName: input.transferName }),
    email: input.email,
    closingDay: input.closingDay,
    // Absent (an update from before payment months, the import): the row's own or the default.
    ...(input.paymentMonth === undefined ? {} : { paymentMonth: input.paymentMonth }),
    documentLanguage: input.documentLanguage,
  };
}

/**
 * A 当月 term pays after its closing (20日締め当月末), never before it or on it (20日締め当月10日):
 * refused on the month, whichever field made it so. A cash customer's terms are not used.
 */
function assertPaymentMonthFits(input: Fields, paymentMonth: number): void {
  if (
    input.paymentMethod === 'monthly' &&
    !paymentMonthFits(input.closingDay, paymentMonth, input.paymentDate)
  ) {
    throw fieldError('paymentMonth', 'customer.paymentMonthTooEarly');
  }
}

export function assertRoute(db: Db, id: string): void {
  if (!db.select({ id: route.id }).from(route).where(eq(route.id, id)).get()) {
    throw fieldError('route', 'route.notFound');
  }
}

export function assertCodeFree(db: Db, code: string, exceptId: string | null): void {
  const same = db
    .select({ id: customer.id })
    .from(customer)
    .where(sql`lower(${customer.customerCode}) = lower(${code})`)
    .all();
  if (same.some((r) => r.id !== exceptId))
    throw fieldConflict('customerCode', 'customer.codeTaken');
}

/** Inside a write(): one customer without a login, with its trail entry (also the import's). */
export function insertCustomer(db: Db, actor: Actor, input: Fields, accountId: string | null) {
  const id = newId();
  db.insert(customer)
    .values({
      id,
      accountId,
      ...rowValues(input),
      // A new customer of a route is its last stop until the office moves it (ADR 042).
      stopPosition: nextStopPosition(db, input.route || null),
    })
    .run();
  const row = db.select().from(customer).where(eq(customer.id, id)).get() as CustomerRow;
  recordAudit(db, actor, {
    entity: 'customer',
    entityId: id,
    action: 'create',
    before: null,
    after: trailFields(db, row, input.username ?? null),
  });
  return id;
}

/** Inside a write(): a new login for the customer, named for its contact or restaurant. */
function insertLogin(db: Db, input: Fields, username: string, passwordHash: string): string {
  const id = newId();
  db.insert(account)
    .values({
      id,
      username,
      passwordHash,
      kind: 'customer',
      name: input.contactPerson ?? input.restaurantName,
      phoneNumber: input.phoneNumber,
    })
    .run();
  return id;
}

export async function createCustomer(
  db: Db,
  timeZone: string,
  actor: Actor,
  input: Fields,
): Promise<CustomerOut> {
  if (input.username && !input.password) throw fieldError('password', 'customer.passwordRequired');
  assertPaymentMonthFits(input, input.paymentMonth ?? DEFAULT_PAYMENT_MONTH);
  // Checked before the slow hash, and again inside the transaction.
  assertCodeFree(db, input.customerCode, null);
  if (input.username) assertUsernameFree(db, input.username, 'customer.usernameTaken');
  const hash = input.username && input.password ? await hashPassword(input.password) : null;
  const id = write(db, () => {
    assertRoute(db, input.route);
    assertCodeFree(db, input.customerCode, null);
    let accountId: string | null = null;
    if (input.username && hash) {
      assertUsernameFree(db, input.username, 'customer.usernameTaken');
      accountId = insertLogin(db, input, input.username, hash);
    }
    return insertCustomer(db, actor, input, accountId);
  });
  return getCustomer(db, timeZone, id);
}

type Seen = Partial<Omit<Fields, 'password'>>;

/** A column of the row as the form names its field. */
const FIELD_OF: Record<string, string> = { routeId: 'route' };

/**
 * Two people edit one customer (ADR 109): the fields this form left as it showed them
 * (`seen`) take the customer's values now; one both changed is refused (409).
 */
function mergeWithSeen(
  input: Fields & { id: string },
  seen: Seen,
  now: CustomerRow,
  loginNow: string | null,
): Fields & { id: string } {
  const merged = mergeOntoNow(
    { ...rowValues(input), username: input.username },
    { ...rowValues({ ...input, ...seen } as Fields), username: seen.username },
    { ...now, username: loginNow },
    {
      shown: (column) => {
        const field = FIELD_OF[column] ?? column;
        return field in seen ? field : null;
      },
      code: 'customer.changedMeanwhile',
      fieldCode: 'customer.fieldChangedMeanwhile',
      name: now.restaurantName,
    },
  );
  const { routeId, ...rest } = merged;
  return { ...input, ...rest, route: routeId } as Fields & { id: string };
}

export async function updateCustomer(
  db: Db,
  timeZone: string,
  actor: Actor,
  sent: Fields & { id: string; seen?: Seen | undefined },
): Promise<CustomerOut> {
  const { seen, ...fields } = sent;
  let input: Fields & { id: string } = fields;
  const existing = db.select().from(customer).where(eq(customer.id, input.id)).get();
  if (!existing) throw notFound('customer.notFound');
  assertPaymentMonthFits(input, input.paymentMonth ?? existing.paymentMonth);
  if (input.username === undefined) {
    // Left out of the request: the login stays as it is.
    const current = existing.accountId
      ? db
          .select({ username: account.username })
          .from(account)
          .where(eq(account.id, existing.accountId))
          .get()
      : undefined;
    input = { ...input, username: current?.username ?? null };
  }
  if (input.username && !existing.accountId && !input.password) {
    throw fieldError('password', 'customer.passwordRequired');
  }
  assertCodeFree(db, input.customerCode, input.id);
  if (input.username) {
    assertUsernameFree(db, input.username, 'customer.usernameTaken', existing.accountId);
  }
  const hash = input.username && input.password ? await hashPassword(input.password) : null;
  write(db, () => {
    const before = db.select().from(customer).where(eq(customer.id, input.id)).get();
    if (!before) throw notFound('customer.notFound');
    const login = before.accountId
      ? db.select().from(account).where(eq(account.id, before.accountId)).get()
      : undefined;
    if (seen) input = mergeWithSeen(input, seen, before, login?.username ?? null);
    assertPaymentMonthFits(input, input.paymentMonth ?? before.paymentMonth);
    assertNothingLeftUnbilled(db, before, input.paymentMethod);
    assertRoute(db, input.route);
    assertCodeFree(db, input.customerCode, input.id);
    let accountId = before.accountId;
    let passwordChanged = false;
    if (input.username) {
      assertUsernameFree(db, input.username, 'customer.usernameTaken', before.accountId);
      if (login) {
        db.update(account)
          .set({
            username: input.username,
            ...(hash ? { passwordHash: hash } : {}),
            updatedAt: new Date().toISOString(),
          })
          .where(eq(account.id, login.id))
          .run();
        // A new password ends every session of the login.
        if (hash) {
          invalidateAccountSessions(db, login.id);
          passwordChanged = true;
        }
      } else if (hash) {
        accountId = insertLogin(db, input, input.username, hash);
      }
    } else if (login) {
      // A blank username removes the login (and its sessions).
      invalidateAccountSessions(db, login.id);
      accountId = null;
    }
    // Moved to another route: the new route's last stop (ADR 042).
    const moved =
      before.routeId !== input.route
        ? { stopPosition: nextStopPosition(db, input.route || null) }
        : {};
    db.update(customer)
      .set({ ...rowValues(input), ...moved, accountId, updatedAt: new Date().toISOString() })
      .where(eq(customer.id, input.id))
      .run();
    if (login && !input.username) db.delete(account).where(eq(account.id, login.id)).run();
    const after = db.select().from(customer).where(eq(customer.id, input.id)).get() as CustomerRow;
    recordAudit(db, actor, {
      entity: 'customer',
      entityId: input.id,
      action: 'update',
      before: { ...trailFields(db, before, login?.username ?? null), password: '' },
      after: {
        ...trailFields(db, after, input.username ?? null),
        password: passwordChanged ? '*' : '',
      },
    });
  });
  return getCustomer(db, timeZone, input.id);
}

/**
 * A monthly customer's delivered orders wait for its closing to be invoiced; a cash customer is
 * invoiced at each delivery and never closed. Moved from monthly to cash with such orders, they
 * would never be billed: the office closes this customer first (the closing screen closes one
 * customer on any day), then changes its terms.
 */
function assertNothingLeftUnbilled(db: Db, before: CustomerRow, method: string): void {
  if (before.paymentMethod !== 'monthly' || method === 'monthly') return;
  const waiting = db.$client
    .prepare<[string], number>(
      `SELECT COUNT(*) FROM customer_order
        WHERE customer_id = ? AND is_delivered = 1 AND invoice_id IS NULL AND billed_by_hand = 0`,
    )
    .pluck()
    .get(before.id);
  if (waiting) throw fieldConflict('paymentMethod', 'customer.unbilledBeforeCash');
}

/**
 * What deleting a customer would leave with nobody to answer for it: a claim not yet decided
 * (approved, its credit note would go to no customer and never be deducted) or an order not yet
 * delivered (delivered, it would be billed to nobody). Its invoices, paid or not, stay listed
 * under its old name (ADR 023).
 */
function assertNothingOpen(db: Db, id: string): void {
  const claims = db.$client
    .prepare<[string], number>(
      "SELECT COUNT(*) FROM goods_claim WHERE customer_id = ? AND status = 'pending'",
    )
    .pluck()
    .get(id);
  if (claims) throw conflict('customer.claimPending', { count: claims });
  const orders = db.$client
    .prepare<[string], number>(
      'SELECT COUNT(*) FROM customer_order WHERE customer_id = ? AND is_delivered = 0',
    )
    .pluck()
    .get(id);
  if (orders) throw conflict('customer.ordersOpen', { count: orders });
}

/** Deletes the customer and its login (ending its sessions); orders keep their snapshots. */
export function deleteCustomer(db: Db, actor: Actor, id: string): { message: string } {
  return write(db, () => {
    const before = db.select().from(customer).where(eq(customer.id, id)).get();
    if (!before) throw notFound('customer.notFound');
    assertNothingOpen(db, id);
    const login = before.accountId
      ? db.select().from(account).where(eq(account.id, before.accountId)).get()
      : undefined;
    // Its invoices stay listed in their tab and findable by name (ADR 023).
    db.$client
      .prepare(
        `UPDATE invoice SET deleted_customer_name = ?, deleted_customer_code = ?,
                deleted_payment_method = ? WHERE customer_id = ?`,
      )
      .run(before.restaurantName, before.customerCode, before.paymentMethod, id);
    // Its other people's logins end with it (ADR 036).
    removeAllPeople(db, actor, id);
    db.delete(customer).where(eq(customer.id, id)).run();
    if (login) {
      invalidateAccountSessions(db, login.id);
      db.delete(account).where(eq(account.id, login.id)).run();
    }
    recordAudit(db, actor, {
      entity: 'customer',
      entityId: id,
      action: 'delete',
      before: trailFields(db, before, login?.username ?? null),
      after: null,
    });
    return { message: 'Customer deleted' };
  });
}
