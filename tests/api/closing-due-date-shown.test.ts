import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementModel } from '../../server/money/documents/models/statement';
import { scopeAll } from '../../server/platform/scope';
import { latestClosingDate, nextClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingPreviewOut } from '../../shared/schemas/billing';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// After the run, the closing screen's row names the due date its statement names. A customer
// billed only by a hand-made invoice due on the closing day got a statement saying the whole
// ¥24,958 was due that day, with no later date; the screen said 支払期日 a month later (the
// statement's stored date). A customer whose hand-made invoice takes the closing's terms keeps
// that date on both.

let t: TestApp;
let office: ApiClient;
let closed = '';
const customers: Record<'dueOnClosing' | 'onTerms', string> = { dueOnClosing: '', onTerms: '' };

beforeAll(async () => {
  t = await startTestApp();
  const today = isoDateInZone(new Date(), t.config.timeZone);
  closed = latestClosingDate(null, addDaysIso(today, -1));
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);
  for (const key of ['dueOnClosing', 'onTerms'] as const) {
    const id = (await makeCustomer(t.db, { paymentMethod: 'monthly' })).id;
    customers[key] = id;
    t.db.$client.prepare('UPDATE customer SET closing_day = 31 WHERE id = ?').run(id);
    const r = await office.post<{ _id: string }>('/api/invoice', { customer: id, amount: 24_958 });
    expect(r.status).toBe(201);
    t.db.$client
      .prepare('UPDATE invoice SET issue_date = ?, created_at = ? WHERE id = ?')
      .run(addDaysIso(closed, -5), `${addDaysIso(closed, -5)}T03:00:00.000Z`, r.body._id);
    // Due on the closing day, or on the closing's own terms (月末締め 翌月末払い).
    const due = key === 'dueOnClosing' ? closed : nextClosingDate(null, addDaysIso(closed, 1));
    t.db.$client.prepare('UPDATE invoice SET due_date = ? WHERE id = ?').run(due, r.body._id);
  }
  const run = await mutate(office, 'closing.run', { closingDate: closed });
  expect(run.status).toBe(200);
});
afterAll(() => t.close());

async function shown(customerId: string) {
  const r = await query<ClosingPreviewOut>(office, 'closing.preview', {
    closingDate: closed,
    customerId,
  });
  expect(r.status).toBe(200);
  const row = r.data.customers.find((c) => c.customerId === customerId);
  expect(row?.closed).toBe(true);
  const statementId = t.db.$client
    .prepare<[string], string>('SELECT id FROM statement WHERE customer_id = ?')
    .pluck()
    .get(customerId);
  const document = statementModel(t.db, statementId ?? '', scopeAll, t.config.timeZone);
  return { screen: row?.dueDate ?? null, statement: document.dueDate ?? null };
}

describe("the closing screen's due date after the run", () => {
  it('is none when all the statement asks was due on the closing day, as the statement says', async () => {
    const { screen, statement } = await shown(customers.dueOnClosing);
    expect(statement).toBeNull();
    expect(screen).toBe(statement);
  });

  it("is the statement's own date when the money is due then", async () => {
    const { screen, statement } = await shown(customers.onTerms);
    expect(statement).not.toBeNull();
    expect(screen).toBe(statement);
  });
});
