import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
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
import type { JobOut } from '../../shared/schemas/doorstep';
import { pendingCreditsOf } from '../money/billing';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { type Scope, withinScope } from '../platform/scope';
import { getTaxSettings } from '../settings/tax-settings';

// Reading a delivery job ("ordertrack", spec §2 and DESIGN §3) as the phone and the office show
// it: the job joined with its customer, route, order and the people on it, then its order's
// lines, its invoice with the receipts its driver took, and the cash to collect. Every list of
// jobs (job-lists.ts) reads through `jobQuery` and `toJobs`. A driver reaches only their own
// jobs: another driver's job answers 404, like a missing one.

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

export function jobQuery(db: Db) {
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
export function toJobs(db: Db, rows: Joined[]): JobOut[] {
  const orderIds = rows.map((r) => r.job.orderId).filter((id): id is string => !!id);
  const lines = orderIds.length
    ? db
        .select({
          orderId: orderLine.orderId,
          _id: orderLine.id,
          name: orderLine.name,
          nameNe: product.nameNe,
          nameJa: orderLine.nameJa,
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
          WHERE invoice_id IN (SELECT value FROM json_each(?)) AND kind = 'payment'
          ORDER BY date, created_at, id`,
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

/** One job within the scope; another driver's job is absent, as a missing one is. */
export function getJob(db: Db, id: string, scope: Scope): JobOut {
  const rows = jobQuery(db)
    .where(and(eq(deliveryJob.id, id), withinScope(scope, { driver: deliveryJob.deliveredBy })))
    .all();
  if (rows.length === 0) throw notFound('delivery.jobNotFound');
  return toJobs(db, rows)[0] as JobOut;
}
