import type { z } from 'zod';
import { addDaysIso } from '../../shared/delivery-dates';
import { HANDOVER_DAYS_BACK } from '../../shared/rules';
import type {
  confirmHandoverInput,
  DriverDayOut,
  HandoverCorrectionOut,
  HandoverOut,
  HandoverReportOut,
  handOverInput,
} from '../../shared/schemas/invoices';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';

// The cash handover (DESIGN §6): the cash a driver collected on a day (their payments of that
// day) is handed to the office, which confirms what it received; a difference stays visible.
// Only money counts: a bank transfer fee written off (payment.kind 'bank_fee', ADR 069) is no
// cash in anyone's hand.

interface HandoverRow {
  id: string;
  driverId: string | null;
  driverName: string;
  driverUsername: string;
  date: string;
  collected: number;
  handedOver: number;
  confirmed: number | null;
  confirmedBy: string | null;
  confirmedAt: string | null;
  note: string;
  createdAt: string;
}

// People by their name, as the office knows them (グルン ラム, not the login `ram`; ADR 056),
// with the username beside it in the report; the name kept on the handover (driver_name, the
// username when it was made) when the account is gone.
const PERSON = (a: string) => `COALESCE(NULLIF(${a}.name, ''), ${a}.username)`;

const HANDOVER_SELECT = `
  SELECT h.id, h.driver_id AS driverId, COALESCE(${PERSON('d')}, h.driver_name) AS driverName,
         COALESCE(d.username, h.driver_name) AS driverUsername, h.date, h.collected,
         h.handed_over AS handedOver, h.confirmed, ${PERSON('a')} AS confirmedBy,
         h.confirmed_at AS confirmedAt, h.note, h.created_at AS createdAt
    FROM cash_handover h LEFT JOIN account a ON a.id = h.confirmed_by
    LEFT JOIN account d ON d.id = h.driver_id`;

const toOut = (r: HandoverRow): HandoverOut => ({
  _id: r.id,
  driverId: r.driverId,
  driverName: r.driverName,
  date: r.date,
  collected: r.collected,
  handedOver: r.handedOver,
  confirmed: r.confirmed,
  confirmedBy: r.confirmedBy,
  confirmedAt: r.confirmedAt,
  note: r.note,
  createdAt: r.createdAt,
});

function statements(db: Db) {
  return prepared(db, 'handovers', () => ({
    perCustomer: db.$client.prepare<
      { driverId: string; date: string },
      { customerId: string | null; restaurantName: string | null; amount: number; payments: number }
    >(
      `SELECT i.customer_id AS customerId, c.restaurant_name AS restaurantName,
              SUM(p.amount) AS amount, COUNT(*) AS payments
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
         LEFT JOIN customer c ON c.id = i.customer_id
        WHERE p.collected_by = @driverId AND p.date = @date AND p.kind = 'payment'
        GROUP BY i.customer_id ORDER BY c.restaurant_name`,
    ),
    total: db.$client
      .prepare<{ driverId: string; date: string }, number>(
        `SELECT COALESCE(SUM(amount), 0) FROM payment
          WHERE collected_by = @driverId AND date = @date AND kind = 'payment'`,
      )
      .pluck(),
    ofDriverDay: db.$client.prepare<{ driverId: string; date: string }, HandoverRow>(
      `${HANDOVER_SELECT} WHERE h.driver_id = @driverId AND h.date = @date
        ORDER BY h.created_at DESC LIMIT 1`,
    ),
    byId: db.$client.prepare<{ id: string }, HandoverRow>(`${HANDOVER_SELECT} WHERE h.id = @id`),
    corrections: db.$client.prepare<{ ids: string }, CorrectionRow>(
      `SELECT id AS _id, handover_id AS handoverId, payment_id AS paymentId,
              invoice_id AS invoiceId, restaurant_name AS restaurantName,
              before_amount AS beforeAmount, after_amount AS afterAmount, reason,
              corrected_by_name AS correctedBy, created_at AS createdAt
         FROM handover_correction
        WHERE handover_id IN (SELECT value FROM json_each(@ids))
        ORDER BY created_at, id`,
    ),
  }));
}

interface CorrectionRow extends HandoverCorrectionOut {
  handoverId: string;
}

export function handoverById(db: Db, id: string): HandoverOut | null {
  const row = statements(db).byId.get({ id });
  return row ? toOut(row) : null;
}

/** The office's corrections of these handovers (ADR 023), by handover, oldest first. */
export function correctionsOf(db: Db, handoverIds: string[]): Map<string, HandoverCorrectionOut[]> {
  const out = new Map<string, HandoverCorrectionOut[]>();
  if (handoverIds.length === 0) return out;
  for (const { handoverId, ...c } of statements(db).corrections.all({
    ids: JSON.stringify(handoverIds),
  })) {
    const list = out.get(handoverId) ?? [];
    list.push(c);
    out.set(handoverId, list);
  }
  return out;
}

/** What a driver collected on a day, per customer and in total, and its handover if any. */
export function driverDay(db: Db, driverId: string, date: string): DriverDayOut {
  const s = statements(db);
  const customers = s.perCustomer.all({ driverId, date }).map((r) => ({
    customerId: r.customerId,
    restaurantName: r.restaurantName ?? '',
    amount: r.amount,
    payments: r.payments,
  }));
  const handover = s.ofDriverDay.get({ driverId, date });
  return {
    date,
    customers,
    total: customers.reduce((sum, c) => sum + c.amount, 0),
    handover: handover ? toOut(handover) : null,
  };
}

/**
 * The driver hands the day's cash over, stating the amount. Handing over again the same day
 * (more was collected) updates the handover until the office has confirmed it. The day is
 * today (the business's) or one of the HANDOVER_DAYS_BACK days before it (shared/rules.ts).
 */
export function handOver(
  db: Db,
  actor: Actor,
  driver: { id: string; name: string },
  input: z.output<typeof handOverInput>,
  today: string,
): HandoverOut {
  if (input.date > today) throw badRequest('handover.dateInFuture');
  if (input.date < addDaysIso(today, -HANDOVER_DAYS_BACK)) {
    throw badRequest('handover.dateTooOld', { days: HANDOVER_DAYS_BACK });
  }
  const s = statements(db);
  const id = write(db, () => {
    const collected = s.total.get({ driverId: driver.id, date: input.date }) ?? 0;
    if (collected === 0 && input.handedOver === 0) throw badRequest('handover.nothingCollected');
    const existing = s.ofDriverDay.get({ driverId: driver.id, date: input.date });
    if (existing?.confirmed !== null && existing?.confirmed !== undefined) {
      throw conflict('handover.alreadyConfirmed');
    }
    if (existing) {
      db.$client
        .prepare('UPDATE cash_handover SET collected = ?, handed_over = ?, note = ? WHERE id = ?')
        .run(collected, input.handedOver, input.note, existing.id);
      recordAudit(db, actor, {
        entity: 'cash_handover',
        entityId: existing.id,
        action: 'update',
        before: {
          collected: existing.collected,
          handedOver: existing.handedOver,
          note: existing.note,
        },
        after: { collected, handedOver: input.handedOver, note: input.note },
      });
      return existing.id;
    }
    const newIdValue = newId();
    db.$client
      .prepare(
        `INSERT INTO cash_handover (id, driver_id, driver_name, date, collected, handed_over, note, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        newIdValue,
        driver.id,
        driver.name,
        input.date,
        collected,
        input.handedOver,
        input.note,
        nowIso(),
      );
    recordAudit(db, actor, {
      entity: 'cash_handover',
      entityId: newIdValue,
      action: 'create',
      before: null,
      after: { date: input.date, collected, handedOver: input.handedOver, note: input.note },
    });
    return newIdValue;
  });
  return toOut(s.byId.get({ id }) as HandoverRow);
}

/** The office confirms the amount it received; a difference is kept as it is. */
export function confirmHandover(
  db: Db,
  actor: Actor,
  input: z.output<typeof confirmHandoverInput>,
): HandoverOut {
  const s = statements(db);
  write(db, () => {
    const row = s.byId.get({ id: input.id });
    if (!row) throw notFound('handover.notFound');
    if (row.confirmed !== null) throw conflict('handover.alreadyConfirmed');
    const at = nowIso();
    const note = input.note ? (row.note ? `${row.note}\n${input.note}` : input.note) : row.note;
    db.$client
      .prepare(
        'UPDATE cash_handover SET confirmed = ?, confirmed_by = ?, confirmed_at = ?, note = ? WHERE id = ?',
      )
      .run(input.confirmed, actor.id, at, note, row.id);
    recordAudit(db, actor, {
      entity: 'cash_handover',
      entityId: row.id,
      action: 'update',
      before: { confirmed: null, note: row.note },
      after: { confirmed: input.confirmed, difference: input.confirmed - row.handedOver, note },
    });
  });
  return toOut(s.byId.get({ id: input.id }) as HandoverRow);
}

/**
 * Per driver and day in [from, to]: what the driver's payments add up to now, and the
 * handover (handed over, confirmed) if one was made.
 */
export function handoverReport(db: Db, from: string, to: string): HandoverReportOut {
  if (from > to) throw badRequest('invoice.dateInvalid');
  const collected = db.$client
    .prepare<
      { from: string; to: string },
      {
        driverId: string;
        driverName: string;
        driverUsername: string;
        date: string;
        collected: number;
      }
    >(
      `SELECT p.collected_by AS driverId, ${PERSON('a')} AS driverName,
              a.username AS driverUsername, p.date, SUM(p.amount) AS collected
         FROM payment p JOIN account a ON a.id = p.collected_by
        WHERE a.kind = 'employee' AND a.role = 'driver' AND p.date BETWEEN @from AND @to
          AND p.kind = 'payment'
        GROUP BY p.collected_by, p.date`,
    )
    .all({ from, to });
  const handovers = db.$client
    .prepare<{ from: string; to: string }, HandoverRow>(
      `${HANDOVER_SELECT} WHERE h.date BETWEEN @from AND @to ORDER BY h.created_at`,
    )
    .all({ from, to });
  const out = new Map<string, HandoverReportOut[number]>();
  for (const c of collected) {
    out.set(`${c.driverId}|${c.date}`, {
      driverId: c.driverId,
      driverName: c.driverName,
      driverUsername: c.driverUsername,
      date: c.date,
      collected: c.collected,
      handover: null,
      corrections: [],
    });
  }
  for (const h of handovers) {
    const key = `${h.driverId ?? h.driverName}|${h.date}`;
    const entry = out.get(key) ?? {
      driverId: h.driverId,
      driverName: h.driverName,
      driverUsername: h.driverUsername,
      date: h.date,
      // A driver who has left took their payments' collector with them (set null), so the
      // day's payments no longer add up under anyone: the figure recorded at the handover is
      // what they collected.
      collected: h.driverId ? 0 : h.collected,
      handover: null,
      corrections: [],
    };
    entry.handover = toOut(h);
    out.set(key, entry);
  }
  const corrections = correctionsOf(
    db,
    handovers.map((h) => h.id),
  );
  for (const entry of out.values()) {
    if (entry.handover) entry.corrections = corrections.get(entry.handover._id) ?? [];
  }
  return [...out.values()].sort(
    (a, b) => b.date.localeCompare(a.date) || a.driverName.localeCompare(b.driverName),
  );
}
