import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCreditNote } from '../../server/money/claims';
import { runClosing } from '../../server/money/closing';
import { createInvoice } from '../../server/money/hand-made-invoices';
import { addPayment } from '../../server/money/payments';
import { scopeAll } from '../../server/platform/scope';
import type { Language } from '../../shared/enums';
import { en } from '../../shared/locales/en';
import { ja } from '../../shared/locales/ja';
import { ne } from '../../shared/locales/ne';
import { type E2E, startE2E } from './harness';
import { open, signedIn } from './screens';

// The closing screen on an office's laptop (ADR 080): the whole closing of a date, every
// column up to its statements and invoices, is on the page without scrolling sideways, in
// each language, at 1366 and 1024 px wide.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

const LABELS: Record<Language, string> = {
  en: en.money.closingDate,
  ja: ja.money.closingDate,
  ne: ne.money.closingDate,
};

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];

const LANGUAGES = ['ja', 'en', 'ne'] as const;

const TIME_ZONE = 'Asia/Tokyo';

/** The statements' numbers of a closing date. */
const statementsOf = (closingDate: string) =>
  (
    e.db.$client
      .prepare('SELECT number FROM statement WHERE closing_date = ? ORDER BY number')
      .all(closingDate) as { number: string }[]
  ).map((s) => s.number);

/**
 * The closing of `closingDate` in `language` at each laptop width: neither the page nor the
 * table inside it scrolls sideways, and each statement's link, in the last column, is inside
 * the window's width.
 */
async function fitsEachWidth(language: Language, closingDate: string, statements: string[]) {
  for (const viewport of SIZES) {
    const { page, context } = await signedIn(e, 'office', language, viewport);
    try {
      await open(page, '/admin/invoice/closing');
      const field = page.getByLabel(LABELS[language], { exact: true });
      // Typed as a spreadsheet writes it, which the field reads in every language.
      await field.fill(closingDate);
      await field.press('Escape');
      await page.getByRole('heading', { level: 1 }).click();
      const links = statements.map((n) => page.getByRole('link', { name: n, exact: true }));
      for (const link of links) await link.waitFor();
      const where = `${language} ${viewport.width}px`;
      // Neither the page nor the table inside it scrolls sideways.
      const pageWider = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const table = await page
        .locator('.mantine-datatable .mantine-ScrollArea-viewport')
        .first()
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(pageWider, where).toBeLessThanOrEqual(1);
      expect(table, where).toBeLessThanOrEqual(1);
      // Each statement's link, in the last column, is inside the window's width.
      for (const link of links) {
        const box = await link.boundingBox();
        expect(box, where).toBeTruthy();
        expect((box?.x ?? 0) + (box?.width ?? 0), where).toBeLessThanOrEqual(viewport.width);
      }
    } finally {
      await context.close();
    }
  }
}

describe('the closing screen on a laptop', () => {
  // The demo's closing date with the most statements: the widest table it has. Read before
  // the case below adds a closing of its own.
  const widest = () =>
    e.db.$client
      .prepare(
        `SELECT closing_date AS closingDate FROM statement
          GROUP BY closing_date ORDER BY COUNT(*) DESC, closing_date DESC LIMIT 1`,
      )
      .get() as { closingDate: string };

  for (const language of LANGUAGES) {
    it(`(${language}) shows every column, the documents too, without scrolling sideways`, async () => {
      const { closingDate } = widest();
      const statements = statementsOf(closingDate);
      expect(statements.length).toBeGreaterThan(1);
      await fitsEachWidth(language, closingDate, statements);
      expect(e.problems).toEqual([]);
    }, 120_000);
  }

  // The month-end customers' next closing, made as the office would make it: before it, each
  // gets a hand-made invoice, a credit note against its last closing invoice (in the first
  // case) and a transfer paid short with the bank's fee written off (ADR 069). Their statements
  // then show credit deducted, hand-made invoices and bank fees at once, the widest the table
  // gets; or the two that were still too wide for 1024 px in English without the third.
  const CASES = [
    { name: 'all three optional columns', credit: true },
    { name: 'hand-made invoices and bank fees', credit: false },
  ];
  for (const variant of CASES)
    describe(`a closing whose rows show ${variant.name}`, () => {
      let closingDate = '';
      beforeAll(() => {
        const db = e.db;
        const one = <T>(sql: string, ...params: unknown[]) =>
          db.$client.prepare(sql).get(...params) as T;
        const all = <T>(sql: string, ...params: unknown[]) =>
          db.$client.prepare(sql).all(...params) as T[];
        const admin = one<{ id: string }>("SELECT id FROM account WHERE username = 'admin'");
        const actor = { id: admin.id, name: 'admin' };
        const customers = all<{ id: string }>(
          `SELECT id FROM customer WHERE payment_method = 'monthly' AND closing_day >= 31
          ORDER BY customer_code`,
        );
        expect(customers.length).toBeGreaterThan(1);
        const last = one<{ d: string }>(
          `SELECT MAX(s.closing_date) AS d FROM statement s JOIN customer c ON c.id = s.customer_id
          WHERE c.payment_method = 'monthly' AND c.closing_day >= 31`,
        ).d;
        // The end of the month after the last closing: every figure below is dated on it, so
        // each falls in its period whatever day the demo was made on.
        const [y, m] = last.split('-').map(Number) as [number, number];
        closingDate = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
        const now = new Date(`${closingDate}T12:00:00+09:00`);
        for (const [n, c] of customers.entries()) {
          createInvoice(
            db,
            actor,
            {
              customer: c.id,
              amount: 1_234_567 + n,
              dueDate: null,
              note: 'Containers',
              assignToCollect: null,
              taxRate: 10,
            },
            closingDate,
          );
          // One case of the first line its last closing invoice billed, credited.
          const line = one<{ invoiceId: string; lineId: string } | undefined>(
            `SELECT i.id AS invoiceId, l.id AS lineId FROM invoice i
             JOIN invoice_line l ON l.invoice_id = i.id
            WHERE i.customer_id = ? AND i.kind = 'closing' AND i.cancelled_at IS NULL
              AND l.order_line_id IS NOT NULL AND l.quantity >= 1
            ORDER BY i.issue_date DESC, l.position LIMIT 1`,
            c.id,
          );
          if (line && variant.credit) {
            createCreditNote(
              db,
              actor,
              {
                invoiceId: line.invoiceId,
                reason: 'Damaged in delivery',
                lines: [{ invoiceLineId: line.lineId, quantity: 1 }],
              },
              closingDate,
            );
          }
          // A transfer ¥660 short of an invoice still open, the rest written off as the fee.
          const unpaid = one<{ id: string; pending: number } | undefined>(
            `SELECT id, amount - paid_amount AS pending FROM invoice
            WHERE customer_id = ? AND cancelled_at IS NULL AND amount - paid_amount > 10000
            ORDER BY COALESCE(issue_date, created_at) LIMIT 1`,
            c.id,
          );
          if (unpaid) {
            addPayment(
              db,
              actor,
              scopeAll,
              {
                invoiceId: unpaid.id,
                amount: unpaid.pending - 660,
                date: closingDate,
                writeOffRest: true,
              },
              { timeZone: TIME_ZONE, now },
            );
          }
        }
        runClosing(db, actor, closingDate, { timeZone: TIME_ZONE, now });
        // The closing made shows all three: some statement deducted credit, counted hand-made
        // invoices and a bank fee.
        const made = one<{ statements: number; credit: number; handMade: number; fees: number }>(
          `SELECT COUNT(*) AS statements,
                (SELECT COUNT(*) FROM invoice i JOIN statement t ON t.invoice_id = i.id
                  WHERE t.closing_date = ? AND i.credit_applied <> 0) AS credit,
                (SELECT COUNT(*) FROM invoice i JOIN statement t ON t.id = i.statement_id
                  WHERE t.closing_date = ? AND i.kind = 'manual') AS handMade,
                SUM(adjustments <> 0) AS fees
           FROM statement WHERE closing_date = ?`,
          closingDate,
          closingDate,
          closingDate,
        );
        expect(made.statements).toBeGreaterThan(1);
        if (variant.credit) expect(made.credit).toBeGreaterThan(0);
        else expect(made.credit).toBe(0);
        expect(made.handMade).toBeGreaterThan(0);
        expect(made.fees).toBeGreaterThan(0);
      });

      for (const language of LANGUAGES) {
        it(`(${language}) shows ${variant.name} without scrolling sideways`, async () => {
          const statements = statementsOf(closingDate);
          await fitsEachWidth(language, closingDate, statements);
          expect(e.problems).toEqual([]);
        }, 120_000);
      }
    });
});
