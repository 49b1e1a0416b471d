import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';

// An invoice 49 days late read like one not yet due on the driver's list: only more than two
// months late was marked. The server says which it is; the card shows past due as a warning
// and keeps the red flag for over two months (DESIGN §6).

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

function renderPayments() {
  renderScreen(<DriverPaymentsScreen />, {
    path: '/driver/payments',
    user: driver,
    answers: {
      'invoices.mine': () => ({
        invoices: [
          makeInvoice({ _id: 'late', number: 'INV-000106', pastDue: true, overdue: false }),
          makeInvoice({ _id: 'very', number: 'INV-000050', pastDue: true, overdue: true }),
          makeInvoice({ _id: 'fine', number: 'INV-000200', pastDue: false, overdue: false }),
        ],
        totalDues: 3 * 47196,
      }),
    },
  });
}

const cardOf = (number: string) =>
  screen.getByText(number).closest('[data-testid="invoice-card"]') as HTMLElement;

afterEach(() => i18n.changeLanguage('en'));

describe("an invoice past its due date on the driver's payments list", () => {
  it.each([
    ['en', 'Past due', 'Overdue over 2 months'],
    ['ne', 'म्याद नाघेको', '2 महिनाभन्दा बढी बक्यौता'],
    ['ja', '支払期限切れ', '2か月超の延滞'],
  ])('is marked past due in %s, apart from over two months', async (lang, pastDue, overdue) => {
    await i18n.changeLanguage(lang);
    renderPayments();
    await screen.findByText('INV-000106');
    const late = cardOf('INV-000106');
    const very = cardOf('INV-000050');
    const fine = cardOf('INV-000200');
    expect(late.textContent).toContain(pastDue);
    expect(late.textContent).not.toContain(overdue);
    expect(very.textContent).toContain(overdue);
    expect(very.textContent).not.toContain(pastDue);
    expect(fine.textContent).not.toContain(pastDue);
    expect(fine.textContent).not.toContain(overdue);
    const badge = screen.getByText(pastDue).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.getAttribute('style')).toMatch(/orange/);
  });
});
