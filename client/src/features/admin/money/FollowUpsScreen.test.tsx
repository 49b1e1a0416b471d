import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { showDataTableColumns } from '../../../test/dataTable';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { FollowUpsScreen } from './FollowUpsScreen';

// The follow-up worklist's columns read as a table's, not as the note form's fields.

showDataTableColumns();
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

describe('the follow-ups', () => {
  it("heads the date column 次回の督促日, without the form's （任意）", async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(<FollowUpsScreen />, {
      path: '/admin/invoice/followups',
      user: admin,
      answers: { 'invoices.followUps': () => [] },
    });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('次回の督促日');
  });
});
