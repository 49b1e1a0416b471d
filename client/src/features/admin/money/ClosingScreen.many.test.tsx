import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatYen } from '../../../../../shared/format';
import type { ClosingCustomerOut, ClosingPreviewOut } from '../../../../../shared/schemas/billing';
import { showDataTableColumns } from '../../../test/dataTable';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ClosingScreen, FIRST_ROWS } from './ClosingScreen';

// A month end at a larger wholesaler (ADR 095): the preview lists hundreds of customers. Its
// first rows show at once, every row follows, and the figures above and below the table are
// those of every customer from the start, never of the rows drawn so far.

showDataTableColumns();

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const closingDate = '2026-10-31';
const COUNT = 375;

const customer = (n: number): ClosingCustomerOut => ({
  customerId: `c${n}`,
  restaurantName: `レストラン ${n}`,
  customerCode: `M${String(n).padStart(4, '0')}`,
  closingDay: 31,
  periodStart: '2026-10-01',
  periodEnd: closingDate,
  orders: 30,
  amount: 1000 + n,
  net8: 0,
  tax8: 0,
  net10: 0,
  tax10: 0,
  credit: 0,
  dueDate: '2026-11-25',
  closed: false,
  handMade: 0,
  handMadeInvoices: [],
  previousBalance: 0,
  paymentsReceived: 0,
  adjustments: 0,
  amountDue: 1000 + n,
  statement: true,
  issued: null,
});

const customers = Array.from({ length: COUNT }, (_, i) => customer(i + 1));
const sum = customers.reduce((s, c) => s + c.amount, 0);

const rowsDrawn = () => document.querySelectorAll('table tbody tr').length;

describe('the closing preview of a month end with hundreds of customers', () => {
  it('draws its first rows at once and every row after, with every customer in its figures', async () => {
    renderScreen(<ClosingScreen />, {
      path: '/admin/closing',
      user: admin,
      answers: {
        'closing.due': () => ({ closingDate, customers: COUNT }),
        'closing.preview': (): ClosingPreviewOut => ({ closingDate, customers, total: sum }),
        'invoices.formOptions': () => ({ customers: [], collectors: [], routes: [] }),
      },
    });
    // The first rows show before the rest are drawn.
    await screen.findByText('レストラン 1');
    expect(rowsDrawn()).toBe(FIRST_ROWS);
    // Already then, the sentence and the totals row count every customer.
    expect(screen.getByTestId('closing-total').textContent).toBe(
      `Customers to close: ${COUNT} · this period's purchases ${formatYen(sum)} · amount due ${formatYen(sum)} in total`,
    );
    expect(screen.getByTestId('closing-total-due').textContent).toBe(formatYen(sum));
    // Then every row, the last one too.
    // (jsdom draws 375 rows of a table slowly: a bound, not a time the screen must keep)
    await waitFor(() => expect(rowsDrawn()).toBe(COUNT), { timeout: 20_000 });
    expect(screen.getByText(`レストラン ${COUNT}`)).toBeTruthy();
    expect(screen.getByTestId('closing-total-due').textContent).toBe(formatYen(sum));
  }, 30_000);
});
