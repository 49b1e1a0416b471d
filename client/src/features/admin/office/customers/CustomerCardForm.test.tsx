import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerOut } from '../../../../../../shared/schemas/office';
import i18n from '../../../../i18n';
import { makeCustomer, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { CustomerCard } from './CustomerCard';
import { CustomerForm } from './CustomerForm';

// A monthly customer's card shows its terms in words (20日締め 翌月末払い),
// and the form says whether it registers a new customer or edits one.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => i18n.changeLanguage('en'));

const customer = makeCustomer({
  restaurantName: 'Annapurna',
});

const card = (c: CustomerOut) =>
  renderScreen(
    <CustomerCard customer={c} onEdit={() => {}} onDelete={() => {}} onHistory={() => {}} />,
    {
      path: '/admin/customers',
      user: admin,
      answers: { 'invoices.overdueCustomers': () => [] },
    },
  );

describe("a customer's terms on its card (ADR 066)", () => {
  it('say closing, payment month and day in Japanese: 20日締め 翌月25日払い', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = card(customer);
    expect(screen.getByTestId('terms').textContent).toBe('20日締め 翌月25日払い');
    unmount();
    const again = card({ ...customer, closingDay: 31, paymentDate: '31' });
    // The 31st falls on each month's last day: said as month end, not 翌月31日払い.
    expect(screen.getByTestId('terms').textContent).toBe('月末締め 翌月末払い');
    again.unmount();
    card({ ...customer, closingDay: 25, paymentMonth: 0, paymentDate: '31' });
    expect(screen.getByTestId('terms').textContent).toBe('25日締め 当月末払い');
  });

  it('say them in English and Nepali, month end when no day is set', async () => {
    const { unmount } = card({ ...customer, paymentDate: '31' });
    expect(screen.getByTestId('terms').textContent).toBe('Closes 20th, pays end of next month');
    unmount();
    const second = card({ ...customer, closingDay: null, paymentMonth: 2, paymentDate: '10' });
    expect(screen.getByTestId('terms').textContent).toBe(
      'Closes at month end, pays the 10th of the month after next',
    );
    second.unmount();
    await i18n.changeLanguage('ne');
    card({ ...customer, paymentDate: null });
    expect(screen.getByTestId('terms').textContent).toBe(
      '20 गते हिसाब बन्द र अर्को महिनाको अन्त्यमा भुक्तानी',
    );
  });

  it('are not shown for a cash customer', () => {
    card({ ...customer, paymentMethod: 'cash', paymentDate: null, closingDay: null });
    expect(screen.queryByTestId('terms')).toBeNull();
  });
});

describe('the customer form title', () => {
  const form = (c: CustomerOut | null) =>
    renderScreen(<CustomerForm customer={c} onClose={() => {}} />, {
      path: '/admin/customers',
      user: admin,
      answers: { 'routes.list': () => [] },
    });

  it('says edit when editing and registration when new (Japanese)', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = form(customer);
    expect(screen.getByRole('dialog', { name: '得意先の編集' })).toBeTruthy();
    unmount();
    form(null);
    expect(screen.getByRole('dialog', { name: '得意先の登録' })).toBeTruthy();
  });
});

describe('the payment day on the customer form (ADR 057)', () => {
  const calendar = (today: string) => ({
    timeZone: 'Asia/Tokyo',
    today,
    earliest: today,
    cutoff: '04:00',
    holidays: [],
  });
  const form = (c: CustomerOut | null, today = '2026-11-10') =>
    renderScreen(<CustomerForm customer={c} onClose={() => {}} />, {
      path: '/admin/customers',
      user: admin,
      answers: { 'routes.list': () => [], 'settings.deliveryCalendar': () => calendar(today) },
    });

  it('says the next closing and its due date by the closing rule, and follows the fields', async () => {
    await i18n.changeLanguage('ja');
    form({ ...customer, closingDay: 31, paymentDate: '25' });
    const sentence = screen.getByTestId('next-closing');
    // Closing at month end, paying on the 25th: the 25th of the next month.
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/30 → お支払期限：2026/12/25'),
    );
    // Closing on the 20th instead, still 翌月: the 25th of the next month.
    fireEvent.click(screen.getByLabelText('締め日', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '20日' }));
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/20 → お支払期限：2026/12/25'),
    );
    // 20日締め翌月末払い.
    fireEvent.click(screen.getByLabelText('毎月の支払日', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '月末' }));
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/20 → お支払期限：2026/12/31'),
    );
    expect(screen.getByTestId('terms-words').textContent).toBe('20日締め 翌月末払い');
    // 当月: the same month's end.
    fireEvent.click(screen.getByLabelText('支払月', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '当月' }));
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/20 → お支払期限：2026/11/30'),
    );
    expect(screen.getByTestId('terms-words').textContent).toBe('20日締め 当月末払い');
  });

  it('puts the payment month between the closing day and the payment day', async () => {
    await i18n.changeLanguage('ja');
    form(customer);
    const labels = ['締め日', '支払月', '毎月の支払日'].map((l) =>
      screen.getByLabelText(l, { selector: 'input' }),
    );
    const [closing, month, payment] = labels as [HTMLElement, HTMLElement, HTMLElement];
    expect(closing.compareDocumentPosition(month) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(month.compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((month as HTMLInputElement).value).toBe('翌月');
    fireEvent.click(month);
    const ja = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(ja).toEqual(['当月', '翌月', '翌々月']);
  });

  it('says at once that 当月 cannot be paid before the closing (20日締め当月10日払い)', async () => {
    await i18n.changeLanguage('ja');
    form({ ...customer, paymentDate: '10', paymentMonth: 0 });
    expect(
      await screen.findByText('当月払いは締め日より後の支払日にしてください', { exact: false }),
    ).toBeTruthy();
  });

  it('offers This month, Next month and Month after next in English; 翌月 for a new customer', async () => {
    form({ ...customer, paymentMonth: 2 });
    const month = screen.getByLabelText('Payment month', { selector: 'input' });
    expect((month as HTMLInputElement).value).toBe('Month after next');
    fireEvent.click(month);
    const en = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(en).toEqual(['This month', 'Next month', 'Month after next']);
  });

  it('lists the days as 1日…30日 and 月末 in Japanese, 1st, 2nd, 3rd… in English', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = form({ ...customer, paymentDate: '' });
    fireEvent.click(screen.getByLabelText('毎月の支払日', { selector: 'input' }));
    const ja = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(ja.slice(0, 3)).toEqual(['1日', '2日', '3日']);
    expect(ja.at(-1)).toBe('月末');
    expect(ja).toHaveLength(31);
    await waitFor(() =>
      expect(screen.getByTestId('next-closing').textContent).toBe(
        '次回の締め：2026/11/20 → お支払期限：2026/12/31（支払日未設定のため支払月の月末）',
      ),
    );
    unmount();
    await i18n.changeLanguage('en');
    form({ ...customer, paymentDate: '' });
    fireEvent.click(screen.getByLabelText('Payment day of the month', { selector: 'input' }));
    const en = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect([en[0], en[1], en[2], en[3], en[10], en[20], en[21], en[22]]).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '21st',
      '22nd',
      '23rd',
    ]);
    expect(en.at(-1)).toBe('Month end');
  });

  it('says nothing of closings for a cash customer', () => {
    form({ ...customer, paymentMethod: 'cash', paymentDate: null, closingDay: null });
    expect(screen.queryByTestId('next-closing')).toBeNull();
  });
});
