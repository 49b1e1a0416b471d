import { Route } from 'react-router';
import { DocumentPrintView } from '../../../components/documents/DocumentPrintView';
import { AgingScreen } from './AgingScreen';
import { BankImportScreen } from './BankImportScreen';
import { ClaimsScreen } from './ClaimsScreen';
import { ClosingScreen } from './ClosingScreen';
import { CustomerInvoicesScreen } from './CustomerInvoicesScreen';
import { CustomerLedgerScreen } from './CustomerLedgerScreen';
import { FollowUpsScreen } from './FollowUpsScreen';
import { HandoversScreen } from './HandoversScreen';
import { InvoicesScreen } from './InvoicesScreen';

/** The money screens' links for the Reports page (/admin/reports). */
export const MONEY_REPORT_LINKS = [
  { to: '/admin/reports/payment', labelKey: 'nav.paymentCollection' },
  { to: '/admin/reports/export', labelKey: 'nav.exportData' },
  { to: '/admin/reports/aging', labelKey: 'money.aging' },
  { to: '/admin/reports/tax-summary', labelKey: 'reports.taxSummary.title' },
  { to: '/admin/reports/handovers', labelKey: 'money.handovers' },
  { to: '/admin/invoice/followups', labelKey: 'money.followUps' },
  { to: '/admin/invoice/closing', labelKey: 'money.closing' },
  { to: '/admin/invoice/claims', labelKey: 'money.claims' },
] as const;

// Invoices, payments, notes, handovers, aging and collection forecast.
export const moneyRoutes = (
  <>
    <Route path="/admin/invoice" element={<InvoicesScreen />} />
    <Route path="/admin/invoice/followups" element={<FollowUpsScreen />} />
    <Route path="/admin/invoice/closing" element={<ClosingScreen />} />
    <Route path="/admin/invoice/claims" element={<ClaimsScreen />} />
    <Route path="/admin/invoice/bank-import" element={<BankImportScreen />} />
    <Route path="/admin/invoice/bycustomer/:id" element={<CustomerInvoicesScreen />} />
    <Route path="/admin/invoice/bycustomer/:id/ledger" element={<CustomerLedgerScreen />} />
    <Route path="/admin/reports/aging" element={<AgingScreen />} />
    <Route path="/admin/reports/handovers" element={<HandoversScreen />} />
    <Route path="/admin/print/:kind/:id" element={<DocumentPrintView />} />
  </>
);
