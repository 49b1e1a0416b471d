import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/seed-demo';
import { addDaysIso } from '../../shared/delivery-dates';
import type { AgingOut } from '../../shared/schemas/invoices';
import type { LedgerOut } from '../../shared/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// The ledger (ADR 074) counts the same money as the aging list, the customer's page and the
// statements. Over the whole demo, for every customer: the ledger's closing balance up to today
// is what it owes on its invoices (Σ amount − paid_amount over those not cancelled) and the aging
// list's total; the balance after the opening of a later period is the earlier period's closing
// balance; and on each statement's closing date the ledger's balance is the statement's amount due.

const TODAY = '2026-11-20';

let t: TestApp;
let office: ApiClient;
let uploads = '';

beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date(`${TODAY}T03:00:00Z`) });
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-demo-'));
  await seedDemo(t.db, { uploadsDir: uploads, today: TODAY });
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

async function ledgerOf(customerId: string, from: string, to: string): Promise<LedgerOut> {
  const r = await query<LedgerOut>(office, 'customers.ledger', { customerId, from, to });
  expect(r.status, r.code).toBe(200);
  return r.data;
}

describe('the ledger over the demo', () => {
  it('closes, for every customer, on what it owes and on the aging list total', async () => {
    const customers = t.db.$client
      .prepare<[], { id: string }>('SELECT id FROM customer ORDER BY customer_code')
      .all();
    expect(customers.length).toBeGreaterThan(20);
    const aging = await query<AgingOut>(office, 'invoices.aging');
    expect(aging.status).toBe(200);
    const agingTotal = new Map(aging.data.customers.map((c) => [c.customerId, c.total]));
    const owedOf = t.db.$client
      .prepare<[string], number>(
        `SELECT COALESCE(SUM(amount - paid_amount), 0) FROM invoice
          WHERE customer_id = ? AND cancelled_at IS NULL`,
      )
      .pluck();
    let movements = 0;
    let owing = 0;
    for (const { id } of customers) {
      const whole = await ledgerOf(id, addDaysIso(TODAY, -730), TODAY);
      const owed = owedOf.get(id) ?? 0;
      expect(whole.openingBalance, id).toBe(0);
      expect(whole.closingBalance, id).toBe(owed);
      expect(whole.closingBalance, id).toBe(agingTotal.get(id) ?? 0);
      // The running balance is the opening plus every debit less every credit so far.
      let balance = whole.openingBalance;
      for (const r of whole.rows) {
        balance += r.debit - r.credit;
        expect(r.balance).toBe(balance);
      }
      // Cut in two at any day, the second part opens where the first closed.
      const cut = addDaysIso(TODAY, -40);
      const before = await ledgerOf(id, addDaysIso(TODAY, -730), cut);
      const after = await ledgerOf(id, addDaysIso(cut, 1), TODAY);
      expect(after.openingBalance, id).toBe(before.closingBalance);
      expect(before.rows.length + after.rows.length).toBe(whole.rows.length);
      movements += whole.rows.length;
      if (owed > 0) owing += 1;
    }
    // The demo has something to agree on.
    expect(movements).toBeGreaterThan(200);
    expect(owing).toBeGreaterThan(5);
  });

  it("on each statement's closing date, balances at the statement's amount due", async () => {
    const statements = t.db.$client
      .prepare<[], { customerId: string; closingDate: string; amountDue: number }>(
        `SELECT customer_id AS customerId, closing_date AS closingDate, amount_due AS amountDue
           FROM statement WHERE customer_id IS NOT NULL ORDER BY closing_date`,
      )
      .all();
    expect(statements.length).toBeGreaterThan(5);
    for (const s of statements) {
      const l = await ledgerOf(s.customerId, addDaysIso(s.closingDate, -730), s.closingDate);
      expect(l.closingBalance, `${s.customerId} ${s.closingDate}`).toBe(s.amountDue);
    }
  });
});
