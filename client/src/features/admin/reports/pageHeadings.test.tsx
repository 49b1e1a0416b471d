import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { AgingScreen } from '../money/AgingScreen';
import { FollowUpsScreen } from '../money/FollowUpsScreen';
import { HandoversScreen } from '../money/HandoversScreen';
import { ExportScreen } from './ExportScreen';
import { PaymentReportScreen } from './PaymentReportScreen';
import { TaxSummaryScreen } from './TaxSummaryScreen';

// Each report starts with one level-1 heading, its title, like the other office screens (axe
// 'page-has-heading-one'): a screen reader's heading list opened the export and the tax
// summary at level 2, with no page title.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const screens: [string, string, ReactElement, string][] = [
  ['export', '/admin/reports/export', <ExportScreen key="e" />, 'データ出力'],
  ['tax summary', '/admin/reports/tax-summary', <TaxSummaryScreen key="t" />, '消費税集計'],
  ['payment collection', '/admin/reports/payment', <PaymentReportScreen key="p" />, ''],
  ['aging', '/admin/reports/aging', <AgingScreen key="a" />, ''],
  ['handovers', '/admin/reports/handovers', <HandoversScreen key="h" />, ''],
  ['follow-ups', '/admin/invoice/followups', <FollowUpsScreen key="f" />, ''],
];

describe('the reports open with their title as the page heading', () => {
  it.each(screens)('%s has one h1, in Japanese', async (_name, path, element, title) => {
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(element, { path, user: admin });
    const h1 = await screen.findAllByRole('heading', { level: 1 });
    expect(h1).toHaveLength(1);
    if (title) expect(h1[0]?.textContent).toBe(title);
  });
});
