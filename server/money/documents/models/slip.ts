// The delivery slip: one delivered order as it reached the restaurant.
import { documentT } from '../../../../shared/documents/labels';
import type { DocumentModel } from '../../../../shared/schemas/documents';
import { type PriceBasis, type TaxLine, type TaxRounding, taxByRate } from '../../../../shared/tax';
import { DELIVERED_AT_SQL } from '../../../deliveries/delivered-at';
import type { Db } from '../../../platform/db';
import type { Scope } from '../../../platform/scope';
import { customerRow, partiesOf } from '../parties';
import {
  base,
  chargeName,
  deliveredOn,
  empty,
  line,
  lineName,
  notInScope,
  numberOnFirstOpening,
  substituteNote,
} from './common';

interface OrderRow {
  id: string;
  orderNumber: number;
  customerId: string | null;
  restaurantName: string;
  deliveryDate: string;
  deliveredAt: string | null;
  deliveredBy: string | null;
  isDelivered: number;
  slipNumber: string | null;
  taxBasis: PriceBasis;
  taxRounding: TaxRounding;
  /** Billed (or to be billed) on the monthly closing's invoice, not on one of its own. */
  monthly: number;
}

function orderRow(db: Db, id: string): OrderRow | undefined {
  return db.$client
    .prepare<[string], OrderRow>(
      // deliveredAt: when it reached the restaurant (the driver's delivery), not its dispatch;
      // null while a driver still carries it (no slip yet).
      `SELECT o.id, o.order_number AS orderNumber, o.customer_id AS customerId,
              o.restaurant_name AS restaurantName, o.delivery_date AS deliveryDate,
              ${DELIVERED_AT_SQL} AS deliveredAt, o.delivered_by AS deliveredBy,
              o.is_delivered AS isDelivered, o.slip_number AS slipNumber,
              o.tax_basis AS taxBasis, o.tax_rounding AS taxRounding,
              COALESCE((SELECT i.kind = 'closing' FROM invoice i WHERE i.id = o.invoice_id),
                       (SELECT c.payment_method = 'monthly' FROM customer c
                         WHERE c.id = o.customer_id), 0) AS monthly
         FROM customer_order o WHERE o.id = ?`,
    )
    .get(id);
}

export function slipModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const order = orderRow(db, id);
  if (!order?.isDelivered || !order.deliveredAt) throw notInScope();
  if (scope.kind === 'customer' && order.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver' && order.deliveredBy !== scope.driverId) throw notInScope();
  // Orders delivered before slips existed get theirs the first time their slip is opened.
  const number = numberOnFirstOpening(db, 'slip', { ...order, number: order.slipNumber });
  const rows = db.$client
    .prepare<
      [string],
      {
        id: string;
        name: string;
        nameJa: string | null;
        sku: string;
        unitPrice: number;
        quantity: number;
        deliveredQuantity: number | null;
        shortReason: string | null;
        taxRate: number;
        substituteFor: string | null;
      }
    >(
      `SELECT id, name, name_ja AS nameJa, sku, unit_price AS unitPrice, quantity,
              delivered_quantity AS deliveredQuantity, short_reason AS shortReason,
              tax_rate AS taxRate, substitute_for AS substituteFor
         FROM order_line WHERE order_id = ? ORDER BY position`,
    )
    .all(id);
  // As they were when the number was taken (ADR 049), else (a document from before) as now.
  const parties = partiesOf(
    db,
    'slip',
    number,
    customerRow(db, order.customerId),
    order.restaurantName,
  );
  const dt = documentT(parties.language);
  // Each line named in the slip's language as the order was placed (ADR 064).
  const nameOf = new Map(rows.map((r) => [r.id, lineName(parties.language, r)]));
  // Issued on the day it was delivered, in the business's time zone (a 07:33 delivery in Tokyo
  // is 22:33 UTC the day before).
  const date = deliveredOn(order, timeZone);
  const lines = rows.map((r) => {
    const qty = r.deliveredQuantity ?? r.quantity;
    // A line delivered otherwise than ordered says why (short, refused, damaged, substituted);
    // goods handed over instead of a line say which (ADR 050).
    const why =
      qty !== r.quantity && r.shortReason
        ? ` [${dt(`shortReason.${r.shortReason}`)}]`
        : substituteNote(dt, r.substituteFor ? nameOf.get(r.substituteFor) : null);
    return line({
      date,
      name: `${chargeName(dt, nameOf.get(r.id) ?? r.name)}${why}`,
      sku: r.sku,
      unitPrice: r.unitPrice,
      quantity: qty,
      orderedQuantity: qty !== r.quantity ? r.quantity : null,
      amount: r.unitPrice * qty,
      rate: r.taxRate,
    });
  });
  // As its order was priced and rounded (ADR 053), as the order's invoice bills it.
  const totals = taxByRate(
    lines.map((l): TaxLine => ({ amount: l.amount, rate: l.rate })),
    order.taxBasis,
    order.taxRounding,
  );
  return {
    ...base('slip', id, number, date, parties),
    ...empty,
    references: [
      { label: 'order', value: `#${order.orderNumber}` },
      { label: 'deliveryDate', value: date },
    ],
    lines,
    ...totals,
    taxBasis: order.taxBasis,
    creditApplied: 0,
    amount: totals.total,
    // A monthly customer's qualified invoice is the closing's: it computes the tax once for all
    // the month's slips, which can differ by a yen or two from the slips' own sum (ADR 070).
    ...(order.monthly ? { taxForReference: true } : {}),
  };
}
