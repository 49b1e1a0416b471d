import { screen, within } from '@testing-library/react';
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
        rows: [row('1', 'overdue'), row('2', 'unpaid')],
        page: 1,
        pages: 1,
        totals: { count: 2, amount: 61904, balance: 61904 },
      }),
      'invoices.formOptions': () => ({ customers: [], collectors: [], routes: [] }),
      'routes.list': () => [],
    },
  });
}

afterEach(() => i18n.changeLanguage('en'));

describe("an invoice's state in the office's list", () => {
  it.each([
    ['en', 'Overdue', 'Unpaid'],
    ['ne', 'म्याद नाघेको', 'नतिरेको'],
    ['ja', '期限超過', '未払い'],
  ])('is read whole in %s', async (lang, overdue, unpaid) => {
    await i18n.changeLanguage(lang);
    renderList();
    const table = within(await screen.findByRole('table'));
    for (const text of [overdue, unpaid]) {
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
