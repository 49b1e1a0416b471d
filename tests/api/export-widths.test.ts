import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as xlsxModule from 'xlsx';
import { loadXlsx } from '../../server/reports/export';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The accountant opens the Excel files in Japanese: every column is wide enough for its header
// and the header's filter button, and for the restaurant's name. The widths were chosen for the
// English words, so Excel drew 得意先コー, 消費税（1 and 振込手数料（ cut by the next column.

let t: TestApp;
let XLSX: typeof xlsxModule;
let cookie = '';
let customerId = '';
const LONG_NAME = 'Saffron Indian Restaurant Totsuka Higashi';

/** Excel's width of a text: a full-width character takes two digits' width. */
const widthOf = (text: string) =>
  [...text].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) <= 0x2000 ? 1 : 2), 0);

beforeAll(async () => {
  t = await startTestApp();
  XLSX = await loadXlsx();
  const customer = await makeCustomer(t.db, {
    restaurantName: LONG_NAME,
    paymentMethod: 'monthly',
  });
  customerId = customer.id;
  const today = isoDateInZone(new Date(), t.config.timeZone);
  t.db.$client
    .prepare(
      `INSERT INTO invoice (id, customer_id, kind, number, issue_date, due_date, net8, tax8, net10,
                            tax10, credit_applied, amount, paid_amount)
       VALUES ('inv-w1', ?, 'manual', 'INV-900001', ?, ?, 10000, 800, 0, 0, 0, 10800, 0)`,
    )
    .run(customerId, today, today);
  const admin = await makeAdmin(t.db);
  const client = new ApiClient(t.url);
  await client.login(admin.username, admin.password);
  expect((await client.post('/trpc/auth.setLanguage', { language: 'ja' })).status).toBe(200);
  cookie = client.cookie ?? '';
});
afterAll(() => t.close());

async function columnsOf(path: string) {
  const r = await fetch(`${t.url}${path}`, { headers: { cookie } });
  expect(r.status).toBe(200);
  const wb = XLSX.read(Buffer.from(await r.arrayBuffer()), { type: 'buffer', cellStyles: true });
  return wb.SheetNames.flatMap((name) => {
    const ws = wb.Sheets[name] as xlsxModule.WorkSheet;
    const range = XLSX.utils.decode_range(String(ws['!ref']));
    const cols = ws['!cols'] ?? [];
    const out: { sheet: string; header: string; width: number; texts: string[] }[] = [];
    for (let c = 0; c <= range.e.c; c++) {
      const texts: string[] = [];
      for (let r = 1; r <= range.e.r; r++) {
        const cell = ws[XLSX.utils.encode_cell({ r, c })] as xlsxModule.CellObject | undefined;
        if (cell?.t === 's') texts.push(String(cell.v));
      }
      out.push({
        sheet: name,
        header: String(ws[XLSX.utils.encode_cell({ r: 0, c })]?.v ?? ''),
        width: Number(cols[c]?.wch ?? 0),
        texts,
      });
    }
    return out;
  });
}

describe('the Excel files in Japanese', () => {
  it.each([
    ['the data export', '/api/data/all'],
    ['the tax summary', () => `/api/data/tax-summary?from=${month()}&to=${month()}`],
    ['the customer ledger', () => `/api/data/ledger/${customerId}`],
  ])('%s: every header and its filter button fit, and the restaurant name', async (_, path) => {
    const columns = await columnsOf(typeof path === 'string' ? path : path());
    expect(columns.length).toBeGreaterThan(0);
    const cut = columns
      .filter((c) => c.width < widthOf(c.header) + 2)
      .map((c) => `${c.sheet}: ${c.header} (${c.width})`);
    expect(cut).toEqual([]);
    const nameCut = columns
      .filter((c) => c.texts.includes(LONG_NAME) && c.width < widthOf(LONG_NAME))
      .map((c) => `${c.sheet}: ${c.header} (${c.width})`);
    expect(nameCut).toEqual([]);
  });
});

function month() {
  return isoDateInZone(new Date(), t.config.timeZone).slice(0, 7);
}
