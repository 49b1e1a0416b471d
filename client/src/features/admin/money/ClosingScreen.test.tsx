import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClosingCustomerOut,
  ClosingDueOut,
  ClosingPreviewOut,
  ClosingResultOut,
} from '../../../../../shared/schemas/billing';
import { businessToday, showDate } from '../../../dates';
import i18n from '../../../i18n';
import { typeDate } from '../../../test/datePicker';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ClosingScreen } from './ClosingScreen';

// 締め処理: the preview reads as one sentence, the run asks first (date, customers, amount),
// one customer can be closed alone, no date after today is offered, and the run's statements
// open one by one or all together as one PDF.

// mantine-datatable shows a column while matchMedia('') matches (a column without a media
// query); the setup's stub matches nothing, which would hide every cell.
const stub = window.matchMedia;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    ...stub(query),
    matches: query === '',
  })) as typeof window.matchMedia;
});
afterAll(() => {
  window.matchMedia = stub;
});

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
  amountDue: amount,
  statement: true,
  issued: null,
});

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
      'invoices.formOptions': () => ({
        customers: [
          { _id: 'c1', customerCode: 'C1', restaurantName: 'Annapurna' },
          { _id: 'c2', customerCode: 'C2', restaurantName: 'Everest' },
        ],
        collectors: [],
        routes: [],
      }),
    },
  });
}

describe('the closing run screen', () => {
  it('says the customers and the total in one sentence', async () => {
    renderClosing();
    await waitFor(() =>
      expect(screen.getByTestId('closing-total').textContent).toBe(
        'Customers to invoice: 2, ¥42,000 in total',
      ),
    );
  });

  it('says it without a doubled separator in Japanese', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderClosing();
      await waitFor(() =>
        expect(screen.getByTestId('closing-total').textContent).toBe('請求対象：2件　合計 ¥42,000'),
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a customer already closed with what its closing made, and its statements to download', async () => {
    renderClosed();
    // Its amount, not ¥0; its statement and invoice by number.
    expect(await screen.findByText('¥276,672')).toBeTruthy();
    expect(screen.getByText('ST-000033')).toBeTruthy();
    expect(screen.getByText('INV-000296')).toBeTruthy();
    expect(screen.getByTestId('closing-made-pdf').getAttribute('href')).toContain(closingDate);
  });

  it('reads "already closed" whole beside the invoice link, and the PDF button wraps', async () => {
    // The audit saw "पहिले नै क्लो…" and "ALREAD…": the invoice number squeezed the badge.
    await i18n.changeLanguage('ne');
    try {
      renderClosed();
      const label = await screen.findByText('पहिले नै क्लोज भयो');
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
        'invoices.formOptions': () => ({ customers: [], collectors: [], routes: [] }),
      },
    });
  }

  it('offers no closing date after today', async () => {
    renderClosing();
    const input = screen.getByLabelText('Closing date') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(showDate(closingDate)));
    // Typed as the app writes dates (31 Dec 2099): refused, and the field holds no date.
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: showDate('2099-12-31') } });
    expect(screen.getByText(/A closing date cannot be after today/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Run closing' }) as HTMLButtonElement).disabled,
    ).toBe(true);
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

  it('says why a future date is refused, instead of "no data"', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderClosing();
      const input = screen.getByLabelText('締め日') as HTMLInputElement;
      // 2026/11/30, as the app writes dates in Japanese, whatever the browser's locale.
      await waitFor(() => expect(input.value).toBe(closingDate.replaceAll('-', '/')));
      typeDate(input, '2099/12/31');
      const why = await screen.findByText(/締め日に今日/);
      expect(why.textContent).toContain(showDate(businessToday()));
      expect(input.value).toBe('');
      expect(screen.queryByText('表示するデータがありません')).toBeNull();
      expect(screen.queryByTestId('closing-total')).toBeNull();
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
      `Closing date ${showDate(closingDate)}: 2 customers will be invoiced, ¥42,000 in total.`,
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
    fireEvent.click(await screen.findByRole('option', { name: 'C2 · Everest' }));
    await waitFor(() =>
      expect(screen.getByTestId('closing-total').textContent).toBe(
        'Customers to invoice: 1, ¥12,000 in total',
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
    expect(dialog.textContent).toContain('Everest will be invoiced ¥12,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run closing' }));
    await screen.findByTestId('closing-result');
    expect(calls.find((c) => c.path === 'closing.run')?.input).toEqual({
      closingDate,
      customerId: 'c2',
    });
  });
});
