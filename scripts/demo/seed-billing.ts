import { billDeliveredOrder } from '../../server/money/billing';
import { createClaim, decideClaim } from '../../server/money/claims';
import { runClosing } from '../../server/money/closing';
import { takeDocumentNumber } from '../../server/money/numbering';
import { takePaymentAtDelivery } from '../../server/money/payments';
import { type Actor, recordAudit } from '../../server/platform/audit';
import { type Db, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { dueDateOf, nextClosingDate, type PaymentMonth } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';

// The demo's money from deliveries (ADR 033), made by the product's own services so every
// document can be opened right after `npm run demo`: cash web orders invoiced at delivery with
// the cash taken at the door (one of them delivered short), monthly customers with closing days
// and every past closing run done with its statements, and one approved claim with its credit
// note. The business's details are in setting 'business'.

export interface DeliveryToBill {
  orderId: string;
  /** YYYY-MM-DD delivered. */
  day: string;
  driverId: string;
  paid: 'full' | 'part' | 'none';
}

export const DEMO_BUSINESS = {
  legalName: '株式会社ヒマラヤフーズ',
  // On lines, as the office types it: 〒 and the postal code, then the address (ADR 099).
  address: '〒169-0073\n東京都新宿区百人町2-10-5',
  // Bangkok Spice Ebisu reads its documents in English.
  nameEn: 'Himalaya Foods Co., Ltd.',
  addressEn: '2-10-5 Hyakunincho, Shinjuku-ku\nTokyo 169-0073',
  phone: '03-5338-1234',
  bank: {
    bankName: '三井住友銀行',
    branchName: '新宿西口支店',
    accountType: 'ordinary' as const,
    accountNumber: '1234567',
    accountHolder: 'カ)ヒマラヤフーズ',
  },
  registrationNumber: 'T7000012050002',
};

/**
 * The monthly customers' terms, in turn (ADR 066): most 月末締め翌月末払い, some 20日締め翌月末払い
 * and 25日締め翌月25日払い, as wholesalers' customers in Japan usually pay.
 */
const MONTHLY_TERMS: { closingDay: number; paymentMonth: PaymentMonth; paymentDate: string }[] = [
  { closingDay: 31, paymentMonth: 1, paymentDate: '31' },
  { closingDay: 20, paymentMonth: 1, paymentDate: '31' },
  { closingDay: 31, paymentMonth: 1, paymentDate: '31' },
  { closingDay: 25, paymentMonth: 1, paymentDate: '25' },
  { closingDay: 31, paymentMonth: 1, paymentDate: '31' },
  { closingDay: 20, paymentMonth: 1, paymentDate: '31' },
];

/** The terms of the `index`-th monthly customer (in customer-code order). */
export function monthlyTerms(index: number) {
  return MONTHLY_TERMS[index % MONTHLY_TERMS.length] as (typeof MONTHLY_TERMS)[number];
}

export function seedBilling(
  db: Db,
  o: {
    today: string;
    timeZone: string;
    start: string;
    adminId: string;
    deliveries: DeliveryToBill[];
  },
): void {
  const office: Actor = { id: o.adminId, name: 'admin' };
  const yesterday = addDaysIso(o.today, -1);
  write(db, () => {
    db.$client
      .prepare(
        `INSERT INTO setting (key, value) VALUES ('business', ?)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .run(JSON.stringify(DEMO_BUSINESS));
    // The office's typed invoices to monthly customers are due with the statement that will
    // count them, as the invoice screen makes them when no date is typed (ADR 034, amended).
    const typed = db.$client
      .prepare<
        [],
        {
          id: string;
          day: string;
          closingDay: number | null;
          paymentDate: string | null;
          paymentMonth: number;
        }
      >(
        `SELECT i.id, substr(i.created_at, 1, 10) AS day, c.closing_day AS closingDay,
                c.payment_date AS paymentDate, c.payment_month AS paymentMonth
           FROM invoice i JOIN customer c ON c.id = i.customer_id
          WHERE i.kind = 'manual' AND c.payment_method = 'monthly'`,
      )
      .all();
    const setDue = db.$client.prepare('UPDATE invoice SET due_date = ? WHERE id = ?');
    for (const t of typed) {
      setDue.run(
        dueDateOf(nextClosingDate(t.closingDay, t.day), t.paymentMonth, t.paymentDate),
        t.id,
      );
    }
  });

  // Cash deliveries, oldest first, as the drivers delivered them. The latest one before today
  // was delivered short (one bag less), as the driver recorded on the phone.
  const deliveries = [...o.deliveries].sort((a, b) => a.day.localeCompare(b.day));
  const short = [...deliveries].reverse().find((d) => d.day < o.today);
  const drivers = new Map(
    db.$client
      .prepare<[], { id: string; username: string }>(
        "SELECT id, username FROM account WHERE kind = 'employee'",
      )
      .all()
      .map((a) => [a.id, a.username]),
  );
  const bill = (d: DeliveryToBill) => {
    const driver: Actor = { id: d.driverId, name: drivers.get(d.driverId) ?? 'driver' };
    write(db, () => {
      if (d === short) {
        const line = db.$client
          .prepare<[string], { id: string; quantity: number }>(
            `SELECT id, quantity FROM order_line WHERE order_id = ? AND quantity >= 2
              ORDER BY position LIMIT 1`,
          )
          .get(d.orderId);
        if (line) {
          db.$client
            .prepare(
              "UPDATE order_line SET delivered_quantity = ?, short_reason = 'short' WHERE id = ?",
            )
            .run(line.quantity - 1, line.id);
          recordAudit(db, driver, {
            entity: 'order_line',
            entityId: line.id,
            action: 'update',
            before: { deliveredQuantity: null, shortReason: null },
            after: { deliveredQuantity: line.quantity - 1, shortReason: 'short' },
            parentId: d.orderId,
          });
        }
      }
      const inv = billDeliveredOrder(db, driver, d.orderId, d.day, d.driverId);
      if (!inv || d.paid === 'none') return;
      const amount =
        d.paid === 'full' ? inv.amount : Math.max(1, Math.floor(inv.amount / 2000) * 1000);
      takePaymentAtDelivery(db, driver, inv, amount, d.day);
    });
  };
  // Day by day, as the business lived them, so that each kind of document is numbered in the
  // order of its dates: the day's delivery slips (every delivered order, cash or monthly, in
  // the order the vans reached them), the cash deliveries' invoices, then that day's closing
  // run when it is a closing date for someone.
  const slipsOfDay = db.$client.prepare<[string], { id: string; customerId: string | null }>(
    `SELECT o.id, o.customer_id AS customerId FROM customer_order o JOIN delivery_job j ON j.order_id = o.id
        WHERE o.is_delivered = 1 AND o.slip_number IS NULL AND o.delivery_date = ?
        ORDER BY j.delivered_at, o.order_number`,
  );
  const setSlip = db.$client.prepare('UPDATE customer_order SET slip_number = ? WHERE id = ?');
  // The invoices the office typed that day (phoned-in deliveries) take their numbers as the
  // office's invoice screen gives them, with that day as their issue date.
  const typedOfDay = db.$client.prepare<[string], { id: string; customerId: string | null }>(
    `SELECT id, customer_id AS customerId FROM invoice WHERE kind = 'manual' AND number IS NULL
          AND substr(created_at, 1, 10) = ? ORDER BY created_at, id`,
  );
  const setTyped = db.$client.prepare('UPDATE invoice SET number = ?, issue_date = ? WHERE id = ?');
  // Closing invoices were mostly paid by bank transfer on their due date, booked by the
  // manager that day: before that day's closing, whose statements count them as received.
  const manager =
    db.$client
      .prepare<[], string>(
        "SELECT id FROM account WHERE kind = 'employee' AND role = 'manager' ORDER BY username LIMIT 1",
      )
      .pluck()
      .get() ?? o.adminId;
  const dueOn = db.$client.prepare<[string], { id: string; amount: number }>(
    `SELECT id, amount FROM invoice WHERE kind = 'closing' AND due_date = ? AND paid_amount = 0
      ORDER BY number`,
  );
  const transfer = db.$client.prepare(
    `INSERT INTO payment (id, invoice_id, amount, date, collected_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const paid = db.$client.prepare('UPDATE invoice SET paid_amount = paid_amount + ? WHERE id = ?');
  // One restaurant's transfer arrives short by the bank's fee it deducted (振込手数料, ¥660); the
  // manager writes the rest off as that fee (ADR 069), so the invoice is settled and its card,
  // history and next statement show the fee apart from the money received.
  const BANK_FEE = 660;
  const fee = db.$client.prepare(
    `INSERT INTO payment (id, invoice_id, amount, date, collected_by, kind, created_at)
     VALUES (?, ?, ?, ?, ?, 'bank_fee', ?)`,
  );
  const managerName =
    db.$client
      .prepare<[string], string>('SELECT username FROM account WHERE id = ?')
      .pluck()
      .get(manager) ?? 'manager';
  let feeWrittenOff = false;
  let transfers = 0;
  const bookTransfers = (day: string) =>
    write(db, () => {
      for (const inv of dueOn.all(day)) {
        transfers += 1;
        // One in five is not paid on time, one in seven only half.
        if (transfers % 5 === 0) continue;
        const amount = transfers % 7 === 0 ? Math.ceil(inv.amount / 2) : inv.amount;
        if (!feeWrittenOff && amount === inv.amount && inv.amount > BANK_FEE * 10) {
          feeWrittenOff = true;
          const received = inv.amount - BANK_FEE;
          const paymentId = newId();
          const feeId = newId();
          transfer.run(paymentId, inv.id, received, day, manager, `${day}T02:00:00.000Z`);
          fee.run(feeId, inv.id, BANK_FEE, day, manager, `${day}T02:00:00.001Z`);
          paid.run(inv.amount, inv.id);
          const actor: Actor = { id: manager, name: managerName };
          const trail = (entityId: string, after: Record<string, unknown>) =>
            recordAudit(db, actor, {
              entity: 'payment',
              entityId,
              action: 'create',
              before: null,
              after,
              parentId: inv.id,
            });
          trail(paymentId, { amount: received, date: day, collectedBy: managerName });
          trail(feeId, { kind: 'bank_fee', amount: BANK_FEE, date: day, collectedBy: managerName });
          continue;
        }
        transfer.run(newId(), inv.id, amount, day, manager, `${day}T02:00:00.000Z`);
        paid.run(amount, inv.id);
      }
    });

  // Receipts in the order the money came in. The payments of the demo's history and the
  // transfers booked above come without one; they are numbered by date before the day's
  // payments at the door, which take theirs as they are recorded. Every receipt is numbered
  // once, through takeDocumentNumber, so the recipient recorded under its number (ADR 049) is
  // the customer of the invoice it pays; renumbering afterwards would hand it another's.
  const unnumbered = db.$client.prepare<[string], { id: string; customerId: string | null }>(
    `SELECT p.id, i.customer_id AS customerId FROM payment p JOIN invoice i ON i.id = p.invoice_id
      WHERE p.receipt_number IS NULL AND p.kind = 'payment' AND p.date <= ? ORDER BY p.date, p.created_at, p.id`,
  );
  const setReceipt = db.$client.prepare('UPDATE payment SET receipt_number = ? WHERE id = ?');
  const numberReceiptsUpTo = (day: string) =>
    write(db, () => {
      for (const p of unnumbered.all(day)) {
        setReceipt.run(takeDocumentNumber(db, 'receipt', p.customerId), p.id);
      }
    });
  const billDay = (day: string) => {
    numberReceiptsUpTo(day);
    for (const d of deliveries) if (d.day === day) bill(d);
  };

  for (const day of new Set(deliveries.map((d) => d.day))) if (day < o.start) billDay(day);
  for (let day = o.start; day <= yesterday; day = addDaysIso(day, 1)) {
    bookTransfers(day);
    write(db, () => {
      for (const o of slipsOfDay.all(day)) {
        setSlip.run(takeDocumentNumber(db, 'slip', o.customerId), o.id);
      }
      for (const i of typedOfDay.all(day)) {
        setTyped.run(takeDocumentNumber(db, 'invoice', i.customerId), day, i.id);
      }
    });
    billDay(day);
    runClosing(db, office, day, { timeZone: o.timeZone });
  }
  for (const day of new Set(deliveries.map((d) => d.day))) if (day > yesterday) billDay(day);
  numberReceiptsUpTo(o.today);

  // One goods claim, reported the evening of a recent cash delivery and approved by the office:
  // its credit note waits for the customer's next delivery invoice.
  const recent = db.$client
    .prepare<
      [string],
      { lineId: string; customerId: string; accountId: string; deliveredAt: string }
    >(
      `SELECT l.id AS lineId, o.customer_id AS customerId, c.account_id AS accountId,
              j.delivered_at AS deliveredAt
         FROM customer_order o
         JOIN order_line l ON l.order_id = o.id
         JOIN customer c ON c.id = o.customer_id
         JOIN delivery_job j ON j.order_id = o.id AND j.is_delivered = 1
        WHERE c.payment_method = 'cash' AND o.invoice_id IS NOT NULL AND j.delivered_at < ?
          AND l.delivered_quantity IS NULL
        ORDER BY j.delivered_at DESC, l.position LIMIT 1`,
    )
    .get(`${o.today}T00:00:00.000Z`);
  if (recent) {
    const customerActor: Actor = { id: recent.accountId, name: 'customer' };
    const claim = createClaim(
      db,
      customerActor,
      recent.customerId,
      { orderLineId: recent.lineId, quantity: 1, reason: '袋が破れていました / The bag was torn.' },
      new Date(Date.parse(recent.deliveredAt) + 3 * 3600_000),
    );
    decideClaim(db, office, { id: claim._id, approve: true, note: 'Photo checked' }, o.today);
  }
}
