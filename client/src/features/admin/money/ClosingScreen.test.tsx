import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { formatYen } from '../../../../../shared/format';
import type {
  ClosingCustomerOut,
  ClosingDueOut,
  ClosingPreviewOut,
  ClosingResultOut,
} from '../../../../../shared/schemas/billing';
import { businessToday, showDate } from '../../../dates';
import i18n from '../../../i18n';
import { pickFrom } from '../../../test/customerPick';
import { showDataTableColumns } from '../../../test/dataTable';
import { typeDate } from '../../../test/datePicker';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ClosingScreen } from './ClosingScreen';

// 締め処理: the preview reads as one sentence and shows each statement's figures up to its
// amount due (ご請求金額), with a totals row; the run asks first (date, customers, amounts), one
// monthly customer can be closed alone, a date after today is previewed but not run, and the
// run's statements open one by one or all together as one PDF.

showDataTableColumns();

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

function lastMonthEnd(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}
const closingDate = lastMonthEnd(businessToday());

const customer = (id: string, name: string, amount: number): ClosingCustomerOut => ({
  customerId: id,
  restaurantName: name,
  customerCode: id.toUpperCase(),
  closingDay: 31,
  periodStart: '2030-04-01',
  periodEnd: closingDate,
  orders: 3,
  amount,
  net8: 0,
  tax8: 0,
  net10: 0,
  tax10: 0,
  credit: 0,
  dueDate: null,
  closed: false,
  handMade: 0,
  handMadeInvoices: [],
  previousBalance: 0,
  paymentsReceived: 0,
  adjustments: 0,
  amountDue: amount,
  statement: true,
  issued: null,
});

// Monthly customers to pick from, and a cash one the closing run is not for: the picker asks
// the server for monthly ones only (ADR 094).
const pick = pickFrom([
  { _id: 'c1', customerCode: 'C1', restaurantName: 'Annapurna', closingDay: 20 },
  { _id: 'c2', customerCode: 'C2', restaurantName: 'Everest', closingDay: null },
  { _id: 'c16', customerCode: 'C16', restaurantName: 'Fuji Cash Diner', paymentMethod: 'cash' },
]);

const preview = (input: { closingDate: string; customerId?: string }): ClosingPreviewOut => {
  const all = [customer('c1', 'Annapurna', 30000), customer('c2', 'Everest', 12000)];
  const customers = input.customerId ? all.filter((c) => c.customerId === input.customerId) : all;
  return {
    closingDate: input.closingDate,
    customers,
    total: customers.reduce((s, c) => s + c.amount, 0),
  };
};

const result = (input: { closingDate: string; customerId?: string }): ClosingResultOut => ({
  closingDate: input.closingDate,
  results: [
    {
      customerId: 'c1',
      restaurantName: 'Annapurna',
      invoiceId: 'i1',
      invoiceNumber: 'INV-000400',
      invoices: [{ id: 'i1', number: 'INV-000400' }],
      statementId: 's1',
      statementNumber: 'ST-000100',
      orders: 3,
      amount: 30000,
      amountDue: 30000,
      dueDate: null,
    },
  ],
  invoiced: 1,
  total: 30000,
});

function renderClosing(due: ClosingDueOut = { closingDate, customers: 2 }) {
  return renderScreen(<ClosingScreen />, {
    path: '/admin/closing',
    user: admin,
    answers: {
      'closing.due': () => due,
      'closing.preview': preview,
      'closing.run': result,
      'customers.pick': pick,
    },
  });
}

describe('the closing run screen', () => {
  it('says the customers and the total in one sentence', async () => {
    renderClosing();
    await waitFor(() =>
      expect(screen.getByTestId('closing-total').textContent).toBe(
        "Customers to close: 2 · this period's purchases ¥42,000 · amount due ¥42,000 in total",
      ),
    );
  });

  it("names the preview's scroll box, a Tab stop, after what it lists (ADR 087)", async () => {
    renderClosing();
    await waitFor(() => expect(screen.getByTestId('closing-total').textContent).toMatch(/2/));
    const box = screen.getByRole('region', {
      // Not 'Closing date …': the date field's label, which a search by label would find twice.
      name: `Statements for ${showDate(closingDate)}`,
    });
    expect(box.tabIndex).toBe(0);
    expect(within(box).getByRole('table')).toBeTruthy();
  });

  it('says it without a doubled separator in Japanese', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderClosing();
      await waitFor(() =>
        expect(screen.getByTestId('closing-total').textContent).toBe(
          '請求対象：2件　今回お買上額 ¥42,000　ご請求金額 合計 ¥42,000',
        ),
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a customer already closed with what its closing made, and its statements to download', async () => {
    renderClosed();
    // Its amount, not ¥0; its statement and invoice by number.
    await screen.findByText('ST-000033');
    const row = rowByHeader('Annapurna');
    expect(row['Deliveries (tax incl.)']).toBe('¥276,672');
    expect(row['Amount due']).toBe('¥276,672');
    // Nothing left to run: the totals row adds up what the date's closing made.
    expect(screen.getByTestId('closing-total-due').textContent).toBe('¥276,672');
    expect(screen.getByRole('table').querySelector('tfoot')?.textContent).toContain(
      'Total: 1 statement made',
    );
    expect(screen.getByText('ST-000033')).toBeTruthy();
    expect(screen.getByText('INV-000296')).toBeTruthy();
    expect(screen.getByTestId('closing-made-pdf').getAttribute('href')).toContain(closingDate);
    // Not "to close: 0 · ¥0" above what was made, which read as a run that billed nothing.
    expect(screen.getByTestId('closing-total').textContent).toBe(
      'Nothing left to close on this date: its 1 statement is made.',
    );
  });

  it('says in Japanese that nothing is left to close once the date is closed', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderClosed();
      await screen.findByText('ST-000033');
      expect(screen.getByTestId('closing-total').textContent).toBe(
        'この締め日に締める得意先はもうありません（月次請求書 1件 発行済み）',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('reads "already closed" whole above its documents, and the PDF button wraps', async () => {
    // The audit saw "पहिले नै क्लो…" and "ALREAD…": the invoice number squeezed the badge.
    await i18n.changeLanguage('ne');
    try {
      renderClosed();
      const label = await screen.findByText('हिसाब पहिले नै बन्द भयो');
      expect(label.style.overflow).toBe('visible');
      expect(label.style.whiteSpace).toBe('nowrap');
      const badge = label.closest('.mantine-Badge-root') as HTMLElement;
      expect(badge.style.minWidth).toBe('max-content');
      // The download's long label (date and count) takes a second line on a phone.
      const pdf = screen.getByTestId('closing-made-pdf');
      const pdfLabel = pdf.querySelector('.mantine-Button-label') as HTMLElement;
      expect(pdfLabel.style.whiteSpace).toBe('normal');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  function renderClosed() {
    return renderScreen(<ClosingScreen />, {
      path: '/admin/closing',
      user: admin,
      answers: {
        'closing.due': () => ({ closingDate, customers: 0 }),
        'closing.preview': (input) => ({
          closingDate: (input as { closingDate: string }).closingDate,
          customers: [
            {
              ...customer('c1', 'Annapurna', 276672),
              closed: true,
              issued: {
                statementId: 's9',
                statementNumber: 'ST-000033',
                invoices: [{ id: 'i9', number: 'INV-000296' }],
              },
            },
          ],
          total: 0,
        }),
        'customers.pick': () => ({ customers: [], more: false }),
      },
    });
  }

  it('previews a closing date after today, and cannot run it', async () => {
    const { calls } = renderClosing();
    const input = screen.getByLabelText('Closing date') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(showDate(closingDate)));
    const ahead = addDaysIso(businessToday(), 2);
    typeDate(input, showDate(ahead));
    // The field keeps it and the server is asked what it would bill so far.
    await waitFor(() => expect(input.value).toBe(showDate(ahead)));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === 'closing.preview' &&
            (c.input as { closingDate: string }).closingDate === ahead,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Annapurna')).toBeTruthy();
    const note = screen.getByTestId('closing-future');
    expect(note.textContent).toContain(`Preview only: ${showDate(ahead)} has not come yet`);
    expect(note.textContent).toContain(`It can be run from ${showDate(ahead)} on.`);
    // Not run, and the button says why.
    const run = screen.getByRole('button', { name: 'Run closing' }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    const reason = screen.getByTestId('closing-run-reason');
    expect(reason.textContent).toBe(`Can be run from ${showDate(ahead)} on`);
    expect(run.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(run);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === 'closing.run')).toHaveLength(0);
  });

  it('opens on the closing due next, as the server says, not on a date already closed', async () => {
    // Last month's 20th: the month end before it is closed, these customers are not.
    const [y, m] = closingDate.split('-');
    const twentieth = `${y}-${m}-20`;
    const { calls } = renderClosing({ closingDate: twentieth, customers: 2 });
    const input = screen.getByLabelText('Closing date') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(showDate(twentieth)));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === 'closing.preview' &&
            (c.input as { closingDate: string }).closingDate === twentieth,
        ),
      ).toBe(true),
    );
    expect(
      calls.some(
        (c) =>
          c.path === 'closing.preview' &&
          (c.input as { closingDate: string }).closingDate !== twentieth,
      ),
    ).toBe(false);
  });

  it('says in Japanese that a future date is a preview, run from that day on', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderClosing();
      const input = screen.getByLabelText('締め日') as HTMLInputElement;
      // 2026/11/30, as the app writes dates in Japanese, whatever the browser's locale.
      await waitFor(() => expect(input.value).toBe(closingDate.replaceAll('-', '/')));
      const ahead = addDaysIso(businessToday(), 2);
      typeDate(input, ahead.replaceAll('-', '/'));
      const note = await screen.findByTestId('closing-future');
      expect(note.textContent).toContain(`締め日 ${showDate(ahead)} はまだ来ていません`);
      expect(note.textContent).toContain(`締め処理は ${showDate(ahead)} から実行できます。`);
      expect(screen.queryByText(/より後の日付は指定できません/)).toBeNull();
      expect(await screen.findByTestId('closing-total')).toBeTruthy();
      expect(
        (screen.getByRole('button', { name: '締め処理を実行' }) as HTMLButtonElement).disabled,
      ).toBe(true);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('runs only after a confirmation naming the date, the customers and the amount', async () => {
    const { calls } = renderClosing();
    const run = screen.getByRole('button', { name: 'Run closing' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(run);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      `Closing date ${showDate(closingDate)}: 2 customers get a statement. This period's purchases ¥42,000; amount due on the statements ¥42,000 in total.`,
    );
    expect(calls.filter((c) => c.path === 'closing.run')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === 'closing.run')).toHaveLength(0);

    fireEvent.click(run);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run closing' }),
    );
    const done = await screen.findByTestId('closing-result');
    // The keyboard's focus goes to what the run made, not back to Run closing or the page.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const heading = within(done).getByRole('heading', { level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const runs = calls.filter((c) => c.path === 'closing.run');
    expect(runs).toHaveLength(1);
    expect(runs[0]?.input).toEqual({ closingDate });
    expect(typeof runs[0]?.context.idempotencyKey).toBe('string');
    // All the date's statements as one PDF, and each statement's own documents.
    const all = within(done).getByTestId('closing-statements-pdf');
    expect(all.getAttribute('href')).toBe(`/api/documents/statements/${closingDate}.pdf`);
    expect(all.textContent).toContain(showDate(closingDate));
    const own = within(done).getByRole('link', { name: 'ST-000100' });
    expect(own.getAttribute('href')).toBe('/admin/print/statement/s1');
    const pdfs = within(done)
      .getAllByRole('link', { name: /^PDF(:|：| |$)/u })
      .map((a) => a.getAttribute('href'));
    expect(pdfs).toContain('/api/documents/statement/s1.pdf');
  });

  it('closes one chosen customer', async () => {
    const { calls } = renderClosing();
    const select = screen.getByLabelText(/Customer \(optional\)/, { selector: 'input' });
    fireEvent.click(select);
    fireEvent.click(
      await screen.findByRole('option', { name: 'Everest (C2) · closes at month end' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('closing-total').textContent).toBe(
        "Customers to close: 1 · this period's purchases ¥12,000 · amount due ¥12,000 in total",
      ),
    );
    expect(
      calls.some(
        (c) =>
          c.path === 'closing.preview' && (c.input as { customerId?: string }).customerId === 'c2',
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Run closing' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      "Everest gets a statement. This period's purchases ¥12,000; amount due ¥12,000.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run closing' }));
    await screen.findByTestId('closing-result');
    expect(calls.find((c) => c.path === 'closing.run')?.input).toEqual({
      closingDate,
      customerId: 'c2',
    });
  });

  it('offers only monthly customers, each with its closing day', async () => {
    const { calls } = renderClosing();
    const select = screen.getByLabelText(/Customer \(optional\)/, { selector: 'input' });
    fireEvent.click(select);
    await screen.findByRole('option', { name: 'Annapurna (C1) · closes on day 20' });
    expect(screen.getByRole('option', { name: 'Everest (C2) · closes at month end' })).toBeTruthy();
    // A cash customer is not closed monthly: not offered.
    expect(screen.queryByRole('option', { name: /Fuji Cash Diner/ })).toBeNull();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // Asked of the server, monthly ones only; never every customer in the form options.
    const asked = calls.filter((c) => c.path === 'customers.pick').map((c) => c.input);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((i) => (i as { monthly?: boolean }).monthly === true)).toBe(true);
    expect(calls.some((c) => c.path === 'invoices.formOptions')).toBe(false);
  });

  it('says 月末締め and 20日締め in Japanese', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderClosing();
      fireEvent.click(screen.getByLabelText(/得意先（任意）/, { selector: 'input' }));
      await screen.findByRole('option', { name: 'Annapurna (C1) · 20日締め' });
      expect(screen.getByRole('option', { name: 'Everest (C2) · 月末締め' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  // The audit's 10/31: a customer billed only by hand-made invoices showed 0 orders and ¥0,
  // and the screen's total fell short of the statements' by their amounts.
  const billed = (input: unknown): ClosingPreviewOut => {
    const rows: ClosingCustomerOut[] = [
      {
        ...customer('c1', 'Annapurna', 30000),
        previousBalance: 20000,
        paymentsReceived: 19340,
        adjustments: 660,
        amountDue: 30000,
      },
      {
        ...customer('c14', 'Chiang Mai Kitchen', 0),
        orders: 0,
        handMade: 86182,
        handMadeInvoices: [{ id: 'm14', number: 'INV-000210', amount: 86182 }],
        previousBalance: 50000,
        paymentsReceived: 40000,
        amountDue: 96182,
      },
      // Nothing billed and nothing owed: no statement, no amount due.
      { ...customer('c30', 'Quiet Cafe', 0), orders: 0, amountDue: 0, statement: false },
    ];
    return {
      closingDate: (input as { closingDate: string }).closingDate,
      customers: rows,
      total: 30000,
    };
  };

  function renderBilled() {
    return renderScreen(<ClosingScreen />, {
      path: '/admin/closing',
      user: admin,
      answers: {
        'closing.due': () => ({ closingDate, customers: 2 }),
        'closing.preview': billed,
        'closing.run': result,
        'customers.pick': pick,
      },
    });
  }

  /** The cells of the row that holds `text`, by their column header. */
  function rowByHeader(text: string): Record<string, string> {
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    const row = within(table).getByText(text).closest('tr') as HTMLElement;
    const cells = Array.from(row.querySelectorAll('td')).map((c) => c.textContent ?? '');
    return Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']));
  }

  it('shows what a customer billed only by hand-made invoices is billed, not ¥0', async () => {
    renderBilled();
    await screen.findByText('Chiang Mai Kitchen');
    const row = rowByHeader('Chiang Mai Kitchen');
    expect(row.Orders).toBe('0');
    expect(row['Deliveries (tax incl.)']).toBe('¥0');
    expect(row['Other invoices']).toBe('¥86,182INV-000210');
    expect(row["This period's purchases"]).toBe('¥86,182');
    expect(row['Previous balance']).toBe('¥50,000');
    // With hand-made invoices in their own column, the bank fees stand under the payments
    // (ADR 080): one header names both.
    const payments = 'Payments receivedAdjustments (bank fees)';
    expect(row[payments]).toBe('¥40,000');
    expect(row['Amount due']).toBe('¥96,182');
    // The hand-made invoice opens from its row.
    const link = screen.getByRole('link', { name: 'INV-000210' });
    expect(link.getAttribute('href')).toBe('/admin/print/invoice/m14');
    // The bank fee written off is said, under the payments it settles beside.
    const fee = rowByHeader('Annapurna');
    expect(fee[payments]).toBe('¥19,340¥660');
    expect(fee['Adjustments (bank fees)']).toBeUndefined();
    expect(fee['Amount due']).toBe('¥30,000');
    // No statement for a customer with nothing: no amount due shown.
    expect(rowByHeader('Quiet Cafe')['Amount due']).toBe('');
  });

  it('totals the statements the run makes: its amount due is the sum of theirs', async () => {
    renderBilled();
    await screen.findByText('Chiang Mai Kitchen');
    const rows = billed({ closingDate }).customers;
    const due = rows.reduce((s, c) => s + c.amountDue, 0);
    expect(screen.getByTestId('closing-total-due').textContent).toBe(formatYen(due));
    const foot = screen.getByRole('table').querySelector('tfoot') as HTMLElement;
    expect(foot.textContent).toContain('Total: 2 statements to make');
    expect(foot.textContent).toContain(formatYen(30000 + 86182));
    // Every header cell of the totals row names something (axe: empty-table-header).
    const unnamed = [...foot.querySelectorAll('th')].filter((th) => !th.textContent?.trim());
    expect(unnamed).toHaveLength(0);
    expect(screen.getByTestId('closing-total').textContent).toBe(
      `Customers to close: 2 · this period's purchases ¥116,182 · amount due ${formatYen(due)} in total`,
    );
    // The confirmation names both figures, each by its name.
    const run = screen.getByRole('button', { name: 'Run closing' }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      `2 customers get a statement. This period's purchases ¥116,182; amount due on the statements ${formatYen(due)} in total.`,
    );
  });

  // ADR 080: credit, hand-made invoices and bank fees at once were wider than a 1024 px
  // laptop; the credit then stands under its deliveries and the fee under the payments.
  it('with credit, hand-made invoices and bank fees at once, stacks credit and fees, leaving none out', async () => {
    const all = (input: unknown): ClosingPreviewOut => {
      const base = billed(input);
      const [first, ...rest] = base.customers;
      return {
        ...base,
        customers: [{ ...(first as ClosingCustomerOut), credit: 518 }, ...rest],
      };
    };
    renderScreen(<ClosingScreen />, {
      path: '/admin/closing',
      user: admin,
      answers: {
        'closing.due': () => ({ closingDate, customers: 2 }),
        'closing.preview': all,
        'closing.run': result,
        'customers.pick': pick,
      },
    });
    await screen.findByText('Chiang Mai Kitchen');
    const fee = rowByHeader('Annapurna');
    expect(fee['Deliveries (tax incl.)Credit deducted']).toBe('¥30,000¥518');
    expect(fee['Payments receivedAdjustments (bank fees)']).toBe('¥19,340¥660');
    expect(fee['Other invoices']).toBe('');
    expect(Object.keys(fee)).not.toContain('Credit deducted');
    expect(Object.keys(fee)).not.toContain('Adjustments (bank fees)');
    const other = rowByHeader('Chiang Mai Kitchen');
    expect(other['Other invoices']).toBe('¥86,182INV-000210');
    expect(other['Payments receivedAdjustments (bank fees)']).toBe('¥40,000');
  });
});
