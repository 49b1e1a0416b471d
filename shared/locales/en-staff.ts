// The English text of the office's and the driver's screens (see en.ts): the client adds it
// when one of those areas loads, so a customer's phone never downloads it.

import enWebOrders from './en/webOrders.json';
import enOrderTrack from './en/orderTrack.json';
import enDriverJobs from './en/driverJobs.json';
import enReports from './en/reports.json';
import enSettings from './en/settings.json';
import enOffice from './en/office.json';
import enStock from './en/stock.json';
import enPriceLists from './en/priceLists.json';
import enLists from './en/lists.json';
import enExports from './en/exports.json';
import enLedger from './en/ledger.json';
import enBankImport from './en/bankImport.json';
import enGuide from './en/guide.json';

export const enStaff = {
  office: enOffice,
  priceLists: enPriceLists,
  lists: enLists,
  webOrders: enWebOrders,
  orderTrack: enOrderTrack,
  driverJobs: enDriverJobs,
  reports: enReports,
  settings: enSettings,
  stock: enStock,
  exports: enExports,
  ledger: enLedger,
  bankImport: enBankImport,
  guide: enGuide,
};
