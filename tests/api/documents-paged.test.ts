import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/delivery-dates';
import { DOCUMENTS_PAGE_SIZE } from '../../shared/schemas/documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeInvoice } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// A restaurant's documents come a page at a time, newest first (ADR 077): after a year a cash
// restaurant has several hundred slips, invoices and receipts, and the list returned all of
// them up to 500 (the older ones then silently gone). Over HTTP, both doors, both readers.

interface Page {
  balance: number;
  documents: { id: string; date: string; number: string }[];
  page: number;
  more: boolean;
}

const INVOICES = 2 * DOCUMENTS_PAGE_SIZE + 5;
let t: TestApp;
let restaurant: ApiClient;
let office: ApiClient;
let customerId = '';
const ids: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const c = await makeCustomer(t.db, { paymentMethod: 'cash' });
  customerId = c.id;
  restaurant = new ApiClient(t.url);
  await restaurant.login(c.username, c.password);
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);
  // Another restaurant's invoices are never on this one's pages.
  const other = await makeCustomer(t.db, { paymentMethod: 'cash' });
  for (let i = 0; i < 5; i++) makeInvoice(t.db, { customerId: other.id });
  const issue = t.db.$client.prepare('UPDATE invoice SET issue_date = ?, number = ? WHERE id = ?');
  for (let i = 0; i < INVOICES; i++) {
    const { id } = makeInvoice(t.db, { customerId: c.id, amount: 1000 + i });
    issue.run(addDaysIso('2026-01-01', i), `INV-${String(i + 1).padStart(6, '0')}`, id);
    ids.push(id);
  }
});

afterAll(async () => {
  await t?.close();
});

describe("a restaurant's documents, a page at a time", () => {
  it('the Account screen gets the newest page and is told more follow; the balance counts them all', async () => {
    const r = await query<Page>(restaurant, 'documents.mine', {});
    expect(r.status).toBe(200);
    expect(r.data.documents).toHaveLength(DOCUMENTS_PAGE_SIZE);
    expect(r.data).toMatchObject({ page: 1, more: true });
    expect(r.data.documents[0]!.id).toBe(ids[INVOICES - 1]);
    const total = ids.reduce((s, _, i) => s + 1000 + i, 0);
    expect(r.data.balance).toBe(total);
  });

  it('the next pages carry on where the last stopped, each document once, the last says no more', async () => {
    const seen: string[] = [];
    for (let cursor = 1; ; cursor++) {
      const r = await query<Page>(restaurant, 'documents.mine', { cursor });
      expect(r.status).toBe(200);
      expect(r.data.page).toBe(cursor);
      seen.push(...r.data.documents.map((d) => d.id));
      if (!r.data.more) {
        expect(r.data.documents).toHaveLength(INVOICES - 2 * DOCUMENTS_PAGE_SIZE);
        break;
      }
      expect(r.data.documents).toHaveLength(DOCUMENTS_PAGE_SIZE);
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('the REST door answers the first page; the office reads any page of the customer', async () => {
    const rest = await restaurant.get<Page>('/api/documents/mine');
    expect(rest.status).toBe(200);
    expect(rest.body.documents).toHaveLength(DOCUMENTS_PAGE_SIZE);
    expect(rest.body.more).toBe(true);
    const last = await query<Page>(office, 'documents.ofCustomer', { customerId, cursor: 3 });
    expect(last.status).toBe(200);
    expect(last.data.documents.map((d) => d.id)).toEqual(ids.slice(0, 5).reverse());
    expect(last.data.more).toBe(false);
  });
});
