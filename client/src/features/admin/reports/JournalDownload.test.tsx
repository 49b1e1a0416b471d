import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lastCalendarMonth } from '../../../../../shared/schemas/journal';
import { businessToday } from '../../../dates';
import i18n from '../../../i18n';
import { typeDate } from '../../../test/datePicker';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { JournalDownload } from './JournalDownload';

// The journal file's download beside the tax summary (ADR 076): the last calendar month by
// default, the period and the books sent to /api/data/journal, a reversed period refused on the
// spot with the server's own message, and the button in Japanese.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the journal entries download', () => {
  it('downloads the last calendar month, then the period typed; a reversed one is refused', async () => {
    renderScreen(<JournalDownload />, { path: '/admin/reports/tax-summary', user: admin });
    const last = lastCalendarMonth(businessToday());
    const link = await screen.findByRole('link', {
      name: 'Download journal entries (弥生会計 format)',
    });
    expect(link.getAttribute('href')).toBe(
      `/api/data/journal?from=${last.from}&to=${last.to}&books=exclusive`,
    );
    expect(screen.getByText(/弥生 shows a matching list/)).toBeTruthy();

    // The date fields load their calendar's code lazily: a slow machine takes a while.
    typeDate(await screen.findByLabelText('From', {}, { timeout: 10_000 }), '2026-10-01');
    typeDate(await screen.findByLabelText('To', {}, { timeout: 10_000 }), '2026-10-15');
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe(
        '/api/data/journal?from=2026-10-01&to=2026-10-15&books=exclusive',
      ),
    );

    typeDate(screen.getByLabelText('To'), '2026-09-30');
    await screen.findByText('The period must end on or after the day it starts.');
    const refused = screen.getByText('Download journal entries (弥生会計 format)').closest('a');
    expect(refused?.getAttribute('href')).toBeNull();
    expect(refused?.getAttribute('data-disabled')).toBe('true');
  });

  it('reads in Japanese and names the bookkeeping', async () => {
    await i18n.changeLanguage('ja');
    renderScreen(<JournalDownload />, { path: '/admin/reports/tax-summary', user: admin });
    expect(
      await screen.findByRole('link', { name: '仕訳データをダウンロード（弥生会計形式）' }),
    ).toBeTruthy();
    expect(screen.getByText('会計ソフト用の仕訳データ（弥生会計形式）')).toBeTruthy();
    expect(screen.getByDisplayValue('税抜経理')).toBeTruthy();
    expect(screen.getAllByText('弥生の経理方式').length).toBeGreaterThan(0);
  });
});
