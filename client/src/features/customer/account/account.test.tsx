import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import type { RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { AccountScreen } from './AccountScreen';

type Mine = RouterOutputs['documents']['mine'];

/** cust01 of the walk: monthly, closing at month end, paying on the 25th of the next month. */
function monthly(over: Partial<Mine['account']> = {}): Mine {
  return {
    customerId: 'c1',
    restaurantName: 'Himalaya Kitchen',
    email: null,
    balance: 417_952,
    overdue: 0,
    documents: [
      {
        kind: 'invoice',
        id: 'i1',
        number: 'INV-000007',
        date: '2030-10-31',
        amount: 417_952,
        cancelled: false,
      },
      {
        kind: 'invoice',
        id: 'i0',
        number: 'INV-000006',
        date: '2030-10-20',
        amount: 12_000,
        cancelled: true,
      },
    ],
    page: 1,
    more: false,
    account: {
      paymentMethod: 'monthly',
      closingDay: 31,
      paymentDay: 25,
      paymentMonth: 'next',
      nextClosing: { date: '2030-11-30', dueDate: '2030-12-25' },
      toBeInvoiced: [
        { closingDate: '2030-11-30', dueDate: '2030-12-25', orders: 9, amount: 230_887 },
      ],
      nextDue: { date: '2030-11-25', amount: 417_952 },
      credits: { amount: 1_490, numbers: ['CN-000001'] },
      ...over,
    },
  };
}

function openAccount(answer: Mine) {
  return renderScreen(<AccountScreen />, {
    path: '/customer/account',
    answers: { 'documents.mine': () => answer },
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('ACCOUNT', () => {
  it('has the breadcrumb back home the other customer screens have', async () => {
    openAccount(monthly());
    const home = await screen.findByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/customer');
    expect(screen.getByText('Account', { selector: '[aria-current="page"]' })).toBeTruthy();
  });

  it('says what a monthly customer owes and when', async () => {
    openAccount(monthly());
    await screen.findByTestId('account-terms');
    expect(text('account-terms')).toBe('Closing: month end · Payment: 25th of the next month');
    // The balance keeps its meaning and says so, with its next due date.
    expect(text('account-balance')).toContain('Invoiced, not yet paid');
    expect(text('account-balance')).toContain('¥417,952');
    expect(text('account-next-due')).toBe('Next payment: ¥417,952 by 25 Nov 2030');
    // What is delivered and still to be invoiced, and when it will be due.
    expect(text('account-to-be-invoiced')).toContain(
      'Delivered, to be invoiced at the closing on 30 Nov 2030',
    );
    expect(text('account-to-be-invoiced')).toContain('¥230,887');
    expect(text('account-to-be-invoiced')).toContain('To pay by 25 Dec 2030');
    // The approved credit note not deducted yet.
    expect(text('account-credits')).toContain('¥1,490 will be deducted on your next invoice');
    expect(text('account-credits')).toContain('CN-000001');
  });

  it('with everything overdue, says so instead of "nothing due", and marks the invoice it is', async () => {
    const answer = monthly({ nextDue: null });
    answer.balance = 33_026;
    answer.overdue = 33_026;
    answer.documents = [
      {
        kind: 'invoice',
        id: 'i45',
        number: 'INV-000045',
        date: '2030-09-11',
        amount: 33_026,
        cancelled: false,
        unpaid: 33_026,
        overdue: true,
      },
      {
        kind: 'invoice',
        id: 'i46',
        number: 'INV-000046',
        date: '2030-09-12',
        amount: 5_000,
        cancelled: false,
        unpaid: 0,
        overdue: false,
      },
    ];
    openAccount(answer);
    await screen.findByTestId('account-next-due');
    expect(text('account-next-due')).toBe(
      'All of it is past its due date: please pay as soon as you can.',
    );
    const marks = screen.getAllByTestId('document-unpaid');
    expect(marks.map((m) => m.textContent)).toEqual(['Past due ¥33,026']);
    const row = marks[0]?.closest('tr');
    expect(row?.textContent).toContain('INV-000045');
  });

  it('marks a cancelled document in the list', async () => {
    openAccount(monthly());
    const table = await screen.findByTestId('document-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByTestId('document-cancelled')?.textContent)).toEqual([
      undefined,
      'Cancelled',
    ]);
  });

  it('with nothing delivered since the last closing, names the next closing and its due date', async () => {
    openAccount(
      monthly({
        toBeInvoiced: [],
        credits: null,
        nextDue: null,
        closingDay: 20,
        paymentMonth: 'same',
      }),
    );
    await screen.findByTestId('account-terms');
    expect(text('account-terms')).toBe(
      'Closing: 20th of each month · Payment: 25th of the same month',
    );
    expect(text('account-next-due')).toBe('Nothing due to pay.');
    expect(text('account-to-be-invoiced')).toContain('Delivered, not yet invoiced');
    expect(text('account-to-be-invoiced')).toContain(
      'Next closing: 30 Nov 2030 (to pay by 25 Dec 2030)',
    );
    expect(screen.queryByTestId('account-credits')).toBeNull();
  });

  it('a cash customer pays at each delivery and has nothing waiting for a closing', async () => {
    openAccount({
      ...monthly({
        paymentMethod: 'cash',
        closingDay: null,
        paymentDay: null,
        nextClosing: null,
        toBeInvoiced: [],
        credits: null,
      }),
    });
    await screen.findByTestId('account-terms');
    expect(text('account-terms')).toBe('Payment: in cash at each delivery');
    expect(screen.queryByTestId('account-to-be-invoiced')).toBeNull();
  });

  it('says it in Nepali and Japanese', async () => {
    await act(() => i18n.changeLanguage('ne'));
    const view = openAccount(monthly());
    await screen.findByTestId('account-terms');
    expect(text('account-terms')).toBe('हिसाब बन्द: महिनाको अन्तिम दिन · भुक्तानी: अर्को महिनाको 25 गते');
    expect(text('account-credits')).toContain('¥1,490 तपाईंको अर्को बिलमा घटाइनेछ');
    view.unmount();
    await act(() => i18n.changeLanguage('ja'));
    openAccount(monthly());
    await screen.findByTestId('account-terms');
    expect(text('account-terms')).toBe('締め日：月末・支払日：翌月25日');
    expect(text('account-to-be-invoiced')).toContain('納品済み・2030/11/30締めで請求予定');
  });
});
