import { Route } from 'react-router';
import { DocumentPrintView } from '../../../components/documents/DocumentPrintView';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';
import { HandoverScreen } from './HandoverScreen';

// The driver's collections and cash handover.
export const driverPaymentRoutes = (
  <>
    <Route path="/driver/payments" element={<DriverPaymentsScreen />} />
    <Route path="/driver/payments/handover" element={<HandoverScreen />} />
    <Route path="/driver/print/:kind/:id" element={<DocumentPrintView />} />
  </>
);
