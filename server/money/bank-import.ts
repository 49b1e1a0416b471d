import type { z } from 'zod';
import type {
  BankCustomerOut,
  BankReadOut,
  BankRecordOut,
  BankRowOut,
  bankRecordInput,
} from '../../shared/schemas/bank-import';
import { type OpenInvoice, spreadTransfer } from '../../shared/transfer-allocation';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, toAppError } from '../platform/errors';
import { newId } from '../platform/ids';
import { scopeAll } from '../platform/scope';
import { type BankRow, parseBankCsv } from './bank-csv';
import { addPayment } from './payments';
import { foldName, matchTransfer, type PayerCandidate, payersNamed } from './transfer-match';

// 入金消込 from the bank's statement (ADR 085): read the file and propose, for each incoming
// row, the customer and the invoices it pays; then record the rows the office chose through the
// same payment service as the payment form (payments.ts: its rules, receipts, fee rows, trail),
// each row in its own transaction with its fingerprint, so no bank row is ever recorded twice.

interface Clock {
  timeZone: string;
  now: Date;
}

/** The payer as written, compared without width or spaces, for the fingerprint. */
const nameKey = (name: string) => name.normalize('NFKC').replace(/\s+/g, '');

/** A bank row's identity: the same row read from the same or an overlapping file has it again. */
export function fingerprint(row: { date: string; amount: number; name: string; ordinal: number }) {
  return `${row.date}|${row.amount}|${nameKey(row.name)}|${row.ordinal}`;
}

/** Each row's place among the file's rows of the same date, amount and payer (0, 1, ...). */
export function withOrdinals(rows: BankRow[]): (BankRow & { ordinal: number })[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = fingerprint({ ...r, ordinal: 0 });
    const ordinal = seen.get(key) ?? 0;
    seen.set(key, ordinal + 1);
    return { ...r, ordinal };
  });
}

interface InvoiceRow {
  id: string;
  customerId: string;
  number: string | null;
  date: string;
  pending: number;
}

const OPEN_INVOICES = `
  SELECT id, customer_id AS customerId, number,
    COALESCE(issue_date, substr(created_at, 1, 10)) AS date, amount - paid_amount AS pending
  FROM invoice
  WHERE customer_id IS NOT NULL AND cancelled_at IS NULL AND paid_amount < amount`;
const OLDEST_FIRST = 'ORDER BY date, created_at, id';

/** Every customer with its open invoices, oldest first (the select of the review screen). */
function customersWithInvoices(db: Db): (BankCustomerOut & { names: (string | null)[] })[] {
  const customers = db.$client
    .prepare<
      [],
      {
        id: string;
        restaurantName: string;
        customerCode: string;
        transferName: string | null;
        billingName: string | null;
      }
    >(
      `SELECT id, restaurant_name AS restaurantName, customer_code AS customerCode,
         transfer_name AS transferName, billing_name AS billingName
       FROM customer ORDER BY restaurant_name COLLATE NOCASE, id`,
    )
    .all();
  const invoices = db.$client.prepare<[], InvoiceRow>(`${OPEN_INVOICES} ${OLDEST_FIRST}`).all();
  const byCustomer = new Map<string, BankCustomerOut['invoices']>();
  for (const i of invoices) {
    const list = byCustomer.get(i.customerId) ?? [];
    list.push({ id: i.id, number: i.number, date: i.date, pending: i.pending });
    byCustomer.set(i.customerId, list);
  }
  return customers.map((c) => ({
    id: c.id,
    restaurantName: c.restaurantName,
    customerCode: c.customerCode,
    transferName: c.transferName,
    invoices: byCustomer.get(c.id) ?? [],
    names: [c.transferName, c.billingName, c.restaurantName],
  }));
}

function recordedFingerprints(db: Db, rows: { date: string }[]): Set<string> {
  const dates = rows.map((r) => r.date).sort();
  return new Set(
    db.$client
      .prepare<[string, string], string>(
        'SELECT fingerprint FROM bank_transfer WHERE date BETWEEN ? AND ?',
      )
      .pluck()
      .all(dates[0] ?? '', dates[dates.length - 1] ?? ''),
  );
}

/** The file's bytes (base64) as its incoming rows, each with its proposal. Writes nothing. */
export function readBankFile(db: Db, base64: string): BankReadOut {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw badRequest('bankImport.notCsv');
  const parsed = parseBankCsv(new Uint8Array(Buffer.from(base64, 'base64')));
  if (!parsed.ok) throw badRequest(parsed.code, parsed.params);
  const rows = withOrdinals(parsed.rows);
  const customers = customersWithInvoices(db);
  const candidates: PayerCandidate[] = customers.map((c) => ({
    id: c.id,
    names: c.names,
    invoices: c.invoices,
  }));
  const recorded = recordedFingerprints(db, rows);
  const out: BankRowOut[] = rows.map((r) => {
    const key = { date: r.date, amount: r.amount, name: r.name, ordinal: r.ordinal, line: r.line };
    const m = matchTransfer(r, candidates);
    return {
      ...key,
      status: recorded.has(fingerprint(r)) ? 'recorded' : m.status,
      customerId: m.customerId,
      candidates: m.candidates,
      invoiceIds: m.allocation?.payments.map((p) => p.invoiceId) ?? [],
      fee: m.allocation?.fee ?? 0,
    };
  });
  return { rows: out, customers: customers.map(({ names: _names, ...c }) => c) };
}

type RecordRow = z.output<typeof bankRecordInput>['rows'][number];

/** What a bank writes before the payer's name, not part of it (ﾌﾘｺﾐ ｶ)ｻｸﾗ). */
const TRANSFER_WORD = /^\s*(?:振込|フリコミ|ﾌﾘｺﾐ)\s*/;

/**
 * The office chose this customer for a payer none of its names is (ADR 085): when it has no
 * transfer name yet, the payer's name as the bank writes it becomes it, in the trail, so next
 * month's file finds the customer by itself. A transfer name already set is never replaced (a
 * restaurant paid once by someone else keeps its own).
 */
function rememberPayerName(db: Db, actor: Actor, customerId: string, payer: string): string | null {
  const c = db.$client
    .prepare<
      [string],
      { transferName: string | null; billingName: string | null; restaurantName: string }
    >(
      `SELECT transfer_name AS transferName, billing_name AS billingName,
         restaurant_name AS restaurantName FROM customer WHERE id = ?`,
    )
    .get(customerId);
  if (!c || c.transferName) return null;
  const own = { id: customerId, names: [c.billingName, c.restaurantName], invoices: [] };
  if (payersNamed(payer, [own]).length > 0) return null;
  const name = payer.replace(TRANSFER_WORD, '').trim().slice(0, 100);
  if (!foldName(name)) return null;
  db.$client
    .prepare('UPDATE customer SET transfer_name = ?, updated_at = ? WHERE id = ?')
    .run(name, new Date().toISOString(), customerId);
  recordAudit(db, actor, {
    entity: 'customer',
    entityId: customerId,
    action: 'update',
    before: { transferName: null },
    after: { transferName: name },
  });
  return name;
}

/** One row: its payments, its fee and its fingerprint, in one transaction, or nothing. */
function recordOne(
  db: Db,
  actor: Actor,
  row: RecordRow,
  clock: Clock,
): { outcome: 'recorded' | 'already'; rememberedName?: string } {
  return write(db, () => {
    const fp = fingerprint(row);
    const seen = db.$client
      .prepare<[string], number>('SELECT 1 FROM bank_transfer WHERE fingerprint = ?')
      .pluck()
      .get(fp);
    if (seen) return { outcome: 'already' };
    const ids = [...new Set(row.invoiceIds)];
    const invoices = db.$client
      .prepare<[string, string], InvoiceRow>(
        `${OPEN_INVOICES} AND customer_id = ? AND id IN (SELECT value FROM json_each(?))
         ${OLDEST_FIRST}`,
      )
      .all(row.customerId, JSON.stringify(ids));
    // An invoice of another customer, cancelled or paid meanwhile: the office looks again.
    if (invoices.length !== ids.length) throw badRequest('bankImport.invoiceNotOpen');
    const spread = spreadTransfer(
      row.amount,
      invoices.map((i): OpenInvoice => ({ id: i.id, pending: i.pending })),
    );
    if (!spread.ok) throw badRequest(spread.code);
    const { payments, fee } = spread.allocation;
    payments.forEach((p, k) => {
      addPayment(
        db,
        actor,
        scopeAll,
        {
          invoiceId: p.invoiceId,
          amount: p.amount,
          date: row.date,
          writeOffRest: fee > 0 && k === payments.length - 1,
          // The bank's statement: money that came by transfer (ADR 107).
          method: 'transfer',
        },
        clock,
      );
    });
    db.$client
      .prepare(
        `INSERT INTO bank_transfer (id, fingerprint, date, amount, payer_name, customer_id, recorded_by)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(newId(), fp, row.date, row.amount, row.name, row.customerId, actor.id);
    const remembered = rememberPayerName(db, actor, row.customerId, row.name);
    return remembered
      ? { outcome: 'recorded', rememberedName: remembered }
      : { outcome: 'recorded' };
  });
}

/**
 * The rows the office chose, each in its own transaction (ADR 085): one that cannot be recorded
 * (an invoice paid meanwhile, a date outside the window) is reported with its reason and the
 * others are recorded; a row recorded before is reported as such and not recorded again.
 */
export function recordBankTransfers(
  db: Db,
  actor: Actor,
  rows: RecordRow[],
  clock: Clock,
): BankRecordOut {
  const results: BankRecordOut['results'] = rows.map((row) => {
    const key = { date: row.date, amount: row.amount, name: row.name, ordinal: row.ordinal };
    try {
      return { ...key, ...recordOne(db, actor, row, clock) };
    } catch (err) {
      const e = toAppError(err);
      if (e.code === 'INTERNAL_SERVER_ERROR') throw err;
      return {
        ...key,
        outcome: 'failed' as const,
        code: e.appCode,
        ...(e.params ? { params: e.params } : {}),
      };
    }
  });
  return { results };
}
