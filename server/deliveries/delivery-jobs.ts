import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import {
  account,
  customer,
  customerOrder,
  deliveryJob,
  invoice,
  orderLine,
  product,
  route,
} from '../../drizzle/schema';
import { creditsInTurn, type PendingCredit } from '../../shared/credits';
import { isoDateInZone } from '../../shared/format';
import {
  JOBS_PAGE_SIZE,
  type JobOut,
  type JobPageOut,
  type jobFormInput,
} from '../../shared/schemas/doorstep';
import { stopOrder } from '../customers/routes';
import { pendingCreditsOf } from '../money/billing';
import { type Actor, recordAudit } from '../platform/audit';
import { businessDateOf, dayRange } from '../platform/business-day';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId } from '../platform/ids';
import { prepared } from '../platform/prepared';
import { type Scope, withinScope } from '../platform/scope';
import { getTaxSettings } from '../settings/tax-settings';

// Delivery jobs ("ordertrack", spec §2 and DESIGN §3): the office assigns a customer's delivery
// to a driver; the driver marks it delivered from the phone (deliver.ts). A driver reaches only
// their own jobs: another driver's job answers 404, like a missing one.

type JobRow = typeof deliveryJob.$inferSelect;

const preparer = alias(account, 'preparer');
const driver = alias(account, 'driver');

const jobColumns = {
  job: deliveryJob,
  cName: customer.restaurantName,
  cId: customer.id,
  cPhone: customer.phoneNumber,
  cCode: customer.customerCode,
  cPay: customer.paymentMethod,
  cRoute: route.name,
  cAddress: customer.billingAddress,
  oNumber: customerOrder.orderNumber,
  oDate: customerOrder.deliveryDate,
  oTotal: customerOrder.total,
  oInvoice: customerOrder.invoiceId,
  oSlip: customerOrder.slipNumber,
  oMessage: customerOrder.customMessage,
  oBasis: customerOrder.taxBasis,
  oRounding: customerOrder.taxRounding,
  preparedName: preparer.username,
  driverName: driver.username,
};

function jobQuery(db: Db) {
  return db
    .select(jobColumns)
    .from(deliveryJob)
    .leftJoin(customer, eq(customer.id, deliveryJob.customerId))
    .leftJoin(route, eq(route.id, customer.routeId))
    .leftJoin(customerOrder, eq(customerOrder.id, deliveryJob.orderId))
    .leftJoin(preparer, eq(preparer.id, deliveryJob.preparedBy))
    .leftJoin(driver, eq(driver.id, deliveryJob.deliveredBy));
}

type Joined = Awaited<ReturnType<ReturnType<typeof jobQuery>['all']>>[number];

/** Jobs with their order's lines: two queries, not one per job. */
function toJobs(db: Db, rows: Joined[]): JobOut[] {
  const orderIds = rows.map((r) => r.job.orderId).filter((id): id is string => !!id);
  const lines = orderIds.length
    ? db
        .select({
          orderId: orderLine.orderId,
          _id: orderLine.id,
          name: orderLine.name,
          nameNe: product.nameNe,
          quantity: orderLine.quantity,
          sku: orderLine.sku,
          position: orderLine.position,
          unitPrice: orderLine.unitPrice,
          taxRate: orderLine.taxRate,
          deliveredQuantity: orderLine.deliveredQuantity,
          shortReason: orderLine.shortReason,
          substituteFor: orderLine.substituteFor,
          productId: orderLine.productId,
        })
        .from(orderLine)
        .leftJoin(product, eq(product.id, orderLine.productId))
        .where(inArray(orderLine.orderId, orderIds))
        .all()
    : [];
  lines.sort((a, b) => a.position - b.position);
  type Item = NonNullable<JobOut['order']>['orderItems'][number];
  const byOrder = new Map<string, Item[]>();
  for (const { orderId, position: _p, ...l } of lines) {
    const list = byOrder.get(orderId) ?? [];
    list.push(l);
    byOrder.set(orderId, list);
  }
  const invoiceIds = rows.map((r) => r.oInvoice).filter((v): v is string => !!v);
  const invoices = new Map(
    (invoiceIds.length
      ? db
          .select({
            _id: invoice.id,
            number: invoice.number,
            amount: invoice.amount,
            paidAmount: invoice.paidAmount,
          })
          .from(invoice)
          .where(inArray(invoice.id, invoiceIds))
          .all()
      : []
    ).map((i) => [i._id, i]),
  );
  // The payments each invoice's driver took (the receipts the phone may open, ADR 032).
  const receipts = new Map<string, { _id: string; amount: number; date: string }[]>();
  if (invoiceIds.length > 0) {
    for (const p of db.$client
      .prepare<
        [string],
        { _id: string; invoiceId: string; amount: number; date: string; by: string | null }
      >(
        `SELECT id AS _id, invoice_id AS invoiceId, amount, date, collected_by AS by FROM payment
          WHERE invoice_id IN (SELECT value FROM json_each(?)) ORDER BY date, created_at, id`,
      )
      .all(JSON.stringify(invoiceIds))) {
      const list = receipts.get(`${p.invoiceId} ${p.by ?? ''}`) ?? [];
      list.push({ _id: p._id, amount: p.amount, date: p.date });
      receipts.set(`${p.invoiceId} ${p.by ?? ''}`, list);
    }
  }
  const current = getTaxSettings(db);
  const credits = creditsOfPendingCashJobs(db, rows);
  const invoiceOf = (id: string | null, driverId: string | null) => {
    const inv = id ? invoices.get(id) : undefined;
    return inv ? { ...inv, receipts: receipts.get(`${inv._id} ${driverId ?? ''}`) ?? [] } : null;
  };
  return rows.map((r) => {
    const j = r.job;
    const order =
      j.orderId && r.oNumber !== null
        ? {
            _id: j.orderId,
            orderNumber: r.oNumber,
            deliveryDate: r.oDate ?? '',
            totalPrice: r.oTotal ?? 0,
            orderItems: byOrder.get(j.orderId) ?? [],
            // The order's own basis and rounding (ADR 053): the phone works out a short
            // delivery's invoice as the server will, whatever the settings are now.
            tax: {
              basis: r.oBasis ?? current.basis,
              rounding: r.oRounding ?? current.rounding,
            },
            invoice: invoiceOf(r.oInvoice, j.deliveredBy),
            slipNumber: r.oSlip ?? null,
            customMessage: r.oMessage ?? '',
            credits: credits.get(j.id)?.available ?? [],
          }
        : null;
    return {
      _id: j.id,
      serialNo: j.serialNo,
      restaurantName: j.restaurantName,
      customer: r.cId
        ? {
            _id: r.cId,
            restaurantName: r.cName ?? j.restaurantName,
            phoneNumber: r.cPhone ?? '',
            customerCode: r.cCode ?? '',
            paymentMethod: r.cPay ?? '',
            routeName: r.cRoute,
            address: r.cAddress ?? null,
          }
        : null,
      order,
      preparedBy:
        j.preparedBy && r.preparedName ? { _id: j.preparedBy, username: r.preparedName } : null,
      deliveredBy:
        j.deliveredBy && r.driverName ? { _id: j.deliveredBy, username: r.driverName } : null,
      isDelivered: j.isDelivered,
      deliveredAt: j.deliveredAt,
      recipientName: j.recipientName,
      proofImage: j.proofImage,
      amountToCollect: amountToCollect(r, order, credits.get(j.id)?.applied ?? 0),
      createdAt: j.createdAt,
    };
  });
}

/**
 * The credit notes each pending cash job's invoice will deduct (ADR 033): a customer's pending
 * credit notes spread over its jobs in serial order, as the deliveries will make the invoices.
 */
function creditsOfPendingCashJobs(db: Db, rows: Joined[]) {
  const pending = rows
    .filter((r) => r.cPay === 'cash' && r.cId && !r.job.isDelivered && r.oNumber !== null)
    .sort((a, b) => a.job.serialNo - b.job.serialNo);
  const credits = pendingCreditsOf(
    db,
    pending.map((r) => r.cId as string),
  );
  const out = new Map<string, { available: PendingCredit[]; applied: number }>();
  for (const [customerId, list] of credits) {
    const jobs = pending.filter((r) => r.cId === customerId);
    creditsInTurn(
      jobs.map((r) => r.oTotal ?? 0),
      list,
    ).forEach((turn, i) => {
      out.set((jobs[i] as Joined).job.id, turn);
    });
  }
  return out;
}

/**
 * What the driver collects for a cash customer: before delivery, the order's total less the
 * credit notes its invoice will deduct; after, what is still unpaid on the invoice it made.
 */
function amountToCollect(
  r: Joined,
  order: { totalPrice: number; invoice: { amount: number; paidAmount: number } | null } | null,
  credit: number,
): number {
  if (r.cPay !== 'cash' || !order) return 0;
  if (!r.job.isDelivered) return order.totalPrice - credit;
  return order.invoice ? Math.max(0, order.invoice.amount - order.invoice.paidAmount) : 0;
}

function keywordFilter(keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${deliveryJob.restaurantName} LIKE ${pattern} ESCAPE '\\' OR ${customer.restaurantName} LIKE ${pattern} ESCAPE '\\')`;
}

// --- Reading ------------------------------------------------------------------------------------

/** Pending jobs within the scope (optionally one driver's), in serial order. */
export function listPendingJobs(
  db: Db,
  scope: Scope,
  opts: { driverId?: string; keyword?: string } = {},
): JobOut[] {
  const keyword = opts.keyword ?? '';
  const rows = jobQuery(db)
    .where(
      and(
        withinScope(scope, { driver: deliveryJob.deliveredBy }),
        eq(deliveryJob.isDelivered, false),
        opts.driverId ? eq(deliveryJob.deliveredBy, opts.driverId) : undefined,
        keywordFilter(keyword),
      ),
    )
    // In the order the driver drives them (the route's stop order, ADR 042, as on the Route
    // screen), not the order they were dispatched in.
    .orderBy(
      sql`${route.name} IS NULL`,
      sql`${route.name} COLLATE NOCASE`,
      ...stopOrder,
      deliveryJob.restaurantName,
      asc(deliveryJob.serialNo),
    )
    .all();
  return toJobs(db, rows);
}

/** Delivered jobs within the scope, newest first, paged. */
export function listDeliveredJobs(
  db: Db,
  scope: Scope,
  opts: { driverId?: string; keyword?: string; pageNumber: number },
): JobPageOut {
  const where = and(
    withinScope(scope, { driver: deliveryJob.deliveredBy }),
    eq(deliveryJob.isDelivered, true),
    opts.driverId ? eq(deliveryJob.deliveredBy, opts.driverId) : undefined,
    keywordFilter(opts.keyword ?? ''),
  );
  const total =
    db
      .select({ n: count() })
      .from(deliveryJob)
      .leftJoin(customer, eq(customer.id, deliveryJob.customerId))
      .where(where)
      .get()?.n ?? 0;
  const rows = jobQuery(db)
    .where(where)
    .orderBy(desc(deliveryJob.deliveredAt), desc(deliveryJob.serialNo))
    .limit(JOBS_PAGE_SIZE)
    .offset((opts.pageNumber - 1) * JOBS_PAGE_SIZE)
    .all();
  return {
    orders: toJobs(db, rows),
    page: opts.pageNumber,
    pages: Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE)),
    total,
  };
}

/** The jobs delivered on the business's today, newest first (the office's "delivered today"). */
export function listDeliveredToday(db: Db, timeZone: string, now = new Date()): JobOut[] {
  const [from, to] = dayRange(isoDateInZone(now, timeZone), timeZone);
  return listDeliveredBetween(db, from, to).reverse();
}

/** Delivered jobs between two instants (the day's report, "delivered today"). */
export function listDeliveredBetween(db: Db, fromIso: string, toIso: string): JobOut[] {
  const rows = jobQuery(db)
    .where(
      and(
        eq(deliveryJob.isDelivered, true),
        sql`${deliveryJob.deliveredAt} >= ${fromIso}`,
        sql`${deliveryJob.deliveredAt} < ${toIso}`,
      ),
    )
    .orderBy(asc(deliveryJob.deliveredAt))
    .all();
  return toJobs(db, rows);
}

export function getJob(db: Db, id: string, scope: Scope): JobOut {
  const rows = jobQuery(db)
    .where(and(eq(deliveryJob.id, id), withinScope(scope, { driver: deliveryJob.deliveredBy })))
    .all();
  if (rows.length === 0) throw notFound('delivery.jobNotFound');
  return toJobs(db, rows)[0] as JobOut;
}

/** A driver asking for another driver's list is answered 404, as for another's job. */
export function assertDriverInScope(scope: Scope, driverId: string): void {
  if (scope.kind === 'driver' && scope.driverId !== driverId)
    throw notFound('delivery.jobNotFound');
  if (scope.kind === 'customer') throw notFound('delivery.jobNotFound');
}

// --- Writing ------------------------------------------------------------------------------------

export function driverAccount(db: Db, id: string) {
  const row = prepared(db, 'jobs.driver', () =>
    db
      .select({ id: account.id, username: account.username, name: account.name })
      .from(account)
      .where(
        and(
          eq(account.id, sql.placeholder('id')),
          eq(account.kind, 'employee'),
          eq(account.role, 'driver'),
        ),
      )
      .prepare(),
  ).get({ id });
  if (!row) throw badRequest('delivery.driverNotFound');
  return row;
}

function nextSerial(db: Db): number {
  const row = prepared(db, 'jobs.nextSerial', () =>
    db
      .select({ n: sql<number>`COALESCE(MAX(${deliveryJob.serialNo}), 0) + 1` })
      .from(deliveryJob)
      .prepare(),
  ).get();
  return row?.n ?? 1;
}

export function auditFields(j: JobRow) {
  return {
    serialNo: j.serialNo,
    customerId: j.customerId,
    restaurantName: j.restaurantName,
    orderId: j.orderId,
    deliveredBy: j.deliveredBy,
    isDelivered: j.isDelivered,
    deliveredAt: j.deliveredAt,
    recipientName: j.recipientName,
    proofImage: j.proofImage,
  };
}

/**
 * Inserts a job inside the caller's write(): dispatching an order to a driver and the office's
 * "create" both come here. The serial number is the next in the same transaction. An order has
 * at most one job (ADR 023): checked here, and the unique index on `order_id` is the backstop.
 */
export function insertJob(
  db: Db,
  actor: Actor,
  values: {
    customerId: string | null;
    restaurantName: string;
    orderId: string | null;
    driverId: string;
  },
): JobRow {
  if (values.orderId) {
    const taken = prepared(db, 'jobs.ofOrder', () =>
      db
        .select({ id: deliveryJob.id })
        .from(deliveryJob)
        .where(eq(deliveryJob.orderId, sql.placeholder('orderId')))
        .prepare(),
    ).get({ orderId: values.orderId });
    if (taken) throw conflict('delivery.orderHasJob');
  }
  const row: JobRow = {
    id: newId(),
    serialNo: nextSerial(db),
    customerId: values.customerId,
    restaurantName: values.restaurantName,
    orderId: values.orderId,
    preparedBy: actor.id,
    deliveredBy: values.driverId,
    isDelivered: false,
    deliveredAt: null,
    recipientName: null,
    proofImage: null,
    createdAt: new Date().toISOString(),
  };
  const ph = (name: keyof JobRow) => sql.placeholder(name);
  prepared(db, 'jobs.insert', () =>
    db
      .insert(deliveryJob)
      .values({
        id: ph('id'),
        serialNo: ph('serialNo'),
        customerId: ph('customerId'),
        restaurantName: ph('restaurantName'),
        orderId: ph('orderId'),
        preparedBy: ph('preparedBy'),
        deliveredBy: ph('deliveredBy'),
        isDelivered: false,
        createdAt: ph('createdAt'),
      })
      .prepare(),
  ).run(row);
  recordAudit(db, actor, {
    entity: 'delivery_job',
    entityId: row.id,
    action: 'create',
    before: null,
    after: auditFields(row),
  });
  return row;
}

function customerFor(db: Db, id: string) {
  const row = db
    .select({ id: customer.id, restaurantName: customer.restaurantName })
    .from(customer)
    .where(eq(customer.id, id))
    .get();
  if (!row) throw badRequest('delivery.customerNotFound');
  return row;
}

function orderFor(db: Db, id: string) {
  const o = db
    .select({
      id: customerOrder.id,
      orderNumber: customerOrder.orderNumber,
      customerId: customerOrder.customerId,
      isDelivered: customerOrder.isDelivered,
      deliveredBy: customerOrder.deliveredBy,
      deliveredByName: customerOrder.deliveredByName,
      deliveredAt: customerOrder.deliveredAt,
      onHold: customerOrder.onHold,
    })
    .from(customerOrder)
    .where(eq(customerOrder.id, id))
    .get();
  if (!o) throw notFound('order.notFound');
  return o;
}

/**
 * The office's job form (ADR 023). With an order, the job is that order's delivery: the order
 * must belong to the job's customer (the driver collects that order's total from that
 * customer) and must still be pending; making the job dispatches the order to the driver, in
 * the same transaction, exactly as dispatching it with a driver does. So an order has one job.
 */
export function createJob(db: Db, actor: Actor, input: z.output<typeof jobFormInput>): JobOut {
  const id = write(db, () => {
    const c = customerFor(db, input.customer);
    const d = driverAccount(db, input.deliveredBy);
    if (input.order) {
      const o = orderFor(db, input.order);
      const orderNumber = `#${o.orderNumber}`;
      if (o.customerId !== c.id) throw badRequest('delivery.orderOfOtherCustomer', { orderNumber });
      if (o.isDelivered) throw conflict('delivery.alreadyDispatched', { orderNumber });
      if (o.onHold) throw conflict('order.onHold', { orderNumber });
      const changes = {
        isDelivered: true,
        deliveredBy: d.id,
        deliveredByName: d.username,
        deliveredAt: new Date().toISOString(),
      };
      db.update(customerOrder).set(changes).where(eq(customerOrder.id, o.id)).run();
      recordAudit(db, actor, {
        entity: 'customer_order',
        entityId: o.id,
        action: 'update',
        before: {
          isDelivered: o.isDelivered,
          deliveredBy: o.deliveredBy,
          deliveredByName: o.deliveredByName,
          deliveredAt: o.deliveredAt,
        },
        after: changes,
      });
    }
    return insertJob(db, actor, {
      customerId: c.id,
      restaurantName: c.restaurantName,
      orderId: input.order ?? null,
      driverId: input.deliveredBy,
    }).id;
  });
  return getJob(db, id, { kind: 'all' });
}

export function updateJob(
  db: Db,
  actor: Actor,
  input: z.output<typeof jobFormInput> & { id: string },
): JobOut {
  write(db, () => {
    const before = db.select().from(deliveryJob).where(eq(deliveryJob.id, input.id)).get();
    if (!before) throw notFound('delivery.jobNotFound');
    const c = customerFor(db, input.customer);
    driverAccount(db, input.deliveredBy);
    // A job's order is fixed when it is made; its customer stays that order's customer.
    if (input.order !== undefined && input.order !== before.orderId) {
      throw badRequest('delivery.orderFixed');
    }
    if (before.orderId) {
      const o = orderFor(db, before.orderId);
      if (o.customerId !== c.id) {
        throw badRequest('delivery.orderOfOtherCustomer', { orderNumber: `#${o.orderNumber}` });
      }
    }
    const changes = {
      customerId: c.id,
      restaurantName: c.restaurantName,
      deliveredBy: input.deliveredBy,
    };
    db.update(deliveryJob).set(changes).where(eq(deliveryJob.id, input.id)).run();
    recordAudit(db, actor, {
      entity: 'delivery_job',
      entityId: input.id,
      action: 'update',
      before: auditFields(before),
      after: auditFields({ ...before, ...changes }),
    });
  });
  return getJob(db, input.id, { kind: 'all' });
}

/**
 * Deletes a job. An order's job that is still on the road gives its order back to New Orders
 * (no longer dispatched), so it can be dispatched again: deleting only the job left the order
 * dispatched to no one, never delivered and never billed. An order's delivered job is the
 * record of what was handed over and billed: it stays (corrections are credit notes).
 */
export function deleteJob(db: Db, actor: Actor, id: string): { _id: string } {
  write(db, () => {
    const before = db.select().from(deliveryJob).where(eq(deliveryJob.id, id)).get();
    if (!before) throw notFound('delivery.jobNotFound');
    if (before.orderId) {
      if (before.isDelivered) throw conflict('delivery.deliveredJobKept');
      undispatchOrder(db, actor, before.orderId);
    }
    db.delete(deliveryJob).where(eq(deliveryJob.id, id)).run();
    recordAudit(db, actor, {
      entity: 'delivery_job',
      entityId: id,
      action: 'delete',
      before: auditFields(before),
      after: null,
    });
  });
  return { _id: id };
}

/** Inside a write(): an order dispatched to a job that is removed goes back to New Orders. */
function undispatchOrder(db: Db, actor: Actor, orderId: string): void {
  const o = db
    .select({
      isDelivered: customerOrder.isDelivered,
      deliveredBy: customerOrder.deliveredBy,
      deliveredByName: customerOrder.deliveredByName,
      deliveredAt: customerOrder.deliveredAt,
      invoiceId: customerOrder.invoiceId,
    })
    .from(customerOrder)
    .where(eq(customerOrder.id, orderId))
    .get();
  if (!o?.isDelivered || o.invoiceId) return;
  const changes = {
    isDelivered: false,
    deliveredBy: null,
    deliveredByName: null,
    deliveredAt: null,
  };
  db.update(customerOrder).set(changes).where(eq(customerOrder.id, orderId)).run();
  const { invoiceId: _i, ...before } = o;
  recordAudit(db, actor, {
    entity: 'customer_order',
    entityId: orderId,
    action: 'update',
    before,
    after: changes,
  });
}

// --- The job form's choices ---------------------------------------------------------------------

export function formOptions(db: Db) {
  const customers = db
    .select({
      _id: customer.id,
      restaurantName: customer.restaurantName,
      customerCode: customer.customerCode,
    })
    .from(customer)
    .orderBy(asc(customer.restaurantName))
    .all();
  const drivers = db
    .select({ _id: account.id, username: account.username, name: account.name })
    .from(account)
    .where(and(eq(account.kind, 'employee'), eq(account.role, 'driver')))
    .orderBy(asc(account.username))
    .all();
  const routes = db
    .select({ name: route.name })
    .from(route)
    .orderBy(asc(route.name))
    .all()
    .map((r) => r.name);
  return { customers, drivers, routes };
}

/** A driver's printable sheet: pending stops, phones, lines and cash to collect. */
export function deliverySheet(db: Db, driverId: string, timeZone: string) {
  const d = db
    .select({ _id: account.id, username: account.username, name: account.name })
    .from(account)
    .where(and(eq(account.id, driverId), eq(account.kind, 'employee'), eq(account.role, 'driver')))
    .get();
  if (!d) throw notFound('delivery.driverNotFound');
  // The day each stop is for. A job the office made without an order has no delivery date,
  // only the moment it was made, and it goes on the road at once (nothing holds it back as a
  // dispatched order waits for its date): it is for the business day it was made on, in the
  // business's zone (made at 07:30 in Tokyo is the day before in UTC). One still pending days
  // later heads its own earlier date, first on the sheet, as an order whose date has passed
  // does: the office sees it is overdue rather than finding it among today's stops.
  const jobs = listPendingJobs(db, { kind: 'all' }, { driverId }).map((j) => ({
    ...j,
    deliveryDate: j.order?.deliveryDate || businessDateOf(j.createdAt, timeZone),
  }));
  // The order the van drives, as on the driver's Route screen (ADR 042): by delivery date, by
  // route, then the stop order the office set; stops without a place, and deleted customers,
  // after the rest.
  const ids = [...new Set(jobs.flatMap((j) => (j.customer ? [j.customer._id] : [])))];
  const position = new Map(
    ids.length === 0
      ? []
      : db
          .select({ id: customer.id, at: customer.stopPosition })
          .from(customer)
          .where(inArray(customer.id, ids))
          .all()
          .map((c) => [c.id, c.at ?? Number.MAX_SAFE_INTEGER] as const),
  );
  const stopOf = (j: (typeof jobs)[number]) =>
    (j.customer && position.get(j.customer._id)) ?? Number.MAX_SAFE_INTEGER;
  // A day's stops before the next day's: orders dispatched early for a later date are not
  // delivered before it (the sheet heads each date).
  const sorted = [...jobs].sort(
    (a, b) =>
      a.deliveryDate.localeCompare(b.deliveryDate) ||
      (a.customer?.routeName ?? '').localeCompare(b.customer?.routeName ?? '') ||
      stopOf(a) - stopOf(b) ||
      a.serialNo - b.serialNo,
  );
  return {
    driver: d,
    jobs: sorted,
    totalToCollect: sorted.reduce((s, j) => s + j.amountToCollect, 0),
  };
}
