import { Route } from 'react-router';
import { ExportScreen } from './ExportScreen';
import { PaymentReportScreen } from './PaymentReportScreen';
import { ReportsHome } from './ReportsHome';
import { TaxSummaryScreen } from './TaxSummaryScreen';
import { TodaysReportScreen } from './TodaysReportScreen';

// The reports group: the Reports page's tiles, today's report, payment collection, the tax
// summary and the export. The money reports it also links (aging, handovers) stay with the money
// screens. Each a <Route> with its full path.
export const reportsRoutes = (
  <>
    <Route path="/admin/reports" element={<ReportsHome />} />
    <Route path="/admin/reports/todays" element={<TodaysReportScreen />} />
    <Route path="/admin/reports/payment" element={<PaymentReportScreen />} />
    <Route path="/admin/reports/export" element={<ExportScreen />} />
    <Route path="/admin/reports/tax-summary" element={<TaxSummaryScreen />} />
  </>
);
