import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeUser, type RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { InvoicesList } from './InvoicesList';

// The office's invoice list at 1366 px showed every state as "OVERD…" ("म्याद ना…" in Nepali):
// overdue and unpaid could not be told apart. jsdom measures no widths, so what is checked is
// that the state's badge cannot cut its label: nothing clips it, and it keeps its full width
// (its column grows to fit it) instead of shrinking with the column.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

type Row = RouterOutputs['lists']['invoices']['rows'][number];
const row = (id: string, state: Row['state']): Row => ({
  _id: id,
  number: `INV-${id}`,
  restaurantName: 'Sagarmatha Momo Bar',
  date: '2030-04-01',
  dueDate: '2030-04-30',
  amount: 30952,
  balance: 30952,
  state,
  collectorName: 'Bikash Thapa',
});

function renderList() {
  return renderScreen(<InvoicesList />, {
    path: '/admin/lists/invoices',
    user: admin,
    answers: {
      'lists.invoices': () => ({
        rows: [row('1', 'pastDue'), row('2', 'unpaid'), row('3', 'overdue')],
        page: 1,
        pages: 1,
        totals: { count: 3, amount: 92856, balance: 92856 },
      }),
      'invoices.formOptions': () => ({ customers: [], collectors: [], routes: [] }),
      'routes.list': () => [],
    },
  });
}

afterEach(() => i18n.changeLanguage('en'));

describe("an invoice's state in the office's list", () => {
  it.each([
    ['en', 'Past due', 'Unpaid', 'Overdue over 2 months'],
    ['ne', 'म्याद नाघेको', 'नतिरेको', '2 महिनाभन्दा बढी बक्यौता'],
    ['ja', '支払期限切れ', '未払い', '2か月超の延滞'],
  ])('is read whole in %s', async (lang, pastDue, unpaid, overdue) => {
    await i18n.changeLanguage(lang);
    renderList();
    const table = within(await screen.findByRole('table'));
    for (const text of [pastDue, unpaid, overdue]) {
      const label = await table.findByText(text);
      expect(label.style.overflow).toBe('visible');
      expect(label.style.textOverflow).toBe('clip');
      expect(label.style.whiteSpace).toBe('nowrap');
      const badge = label.closest('.mantine-Badge-root') as HTMLElement;
      expect(badge.style.overflow).toBe('visible');
      expect(badge.style.minWidth).toBe('max-content');
    }
  });
});

// INV-000106, 49 days late, read like an invoice not yet due: only more than two months late was
// marked. The row's state comes from the server; the list shows each state apart.
describe('an invoice past its due date in the office list', () => {
  it('is marked past due in orange, apart from unpaid and from overdue over two months in red', async () => {
    renderList();
    const table = within(await screen.findByRole('table'));
    const badge = (text: string) =>
      table.getByText(text).closest('.mantine-Badge-root') as HTMLElement;
    await table.findByText('Past due');
    const rowOf = (text: string) => table.getByText(text).closest('tr') as HTMLElement;
    expect(within(rowOf('Past due')).getByText('INV-1')).toBeTruthy();
    expect(within(rowOf('Overdue over 2 months')).getByText('INV-3')).toBeTruthy();
    expect(badge('Past due').getAttribute('style')).toMatch(/orange/);
    expect(badge('Overdue over 2 months').getAttribute('style')).toMatch(/red/);
    expect(badge('Unpaid').getAttribute('style')).toMatch(/blue/);
  });

  it('can be filtered: past due (however late) and over two months are two choices', async () => {
    renderList();
    await screen.findByRole('table');
    const filter = screen
      .getAllByLabelText('Invoice status')
      .find((e) => e.tagName === 'INPUT') as HTMLElement;
    fireEvent.click(filter);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Unpaid', 'Past due', 'Overdue over 2 months', 'Paid', 'Cancelled']);
  });
});
