// The Nepali interface text (see index.ts); the client fetches this module the first time
// Nepali shows (client/src/i18n.ts).

import type { Resources } from './en';
import neBadge from './ne/badge.json';
import neBuyer from './ne/buyer.json';
import neCart from './ne/cart.json';
import neCatalogue from './ne/catalogue.json';
import neCommon from './ne/common.json';
import neDocuments from './ne/documents.json';
import neHome from './ne/home.json';
import neLogin from './ne/login.json';
import neMoney from './ne/money.json';
import neDates from './ne/dates.json';
import neNav from './ne/nav.json';
import neOrders from './ne/orders.json';
import nePlaced from './ne/placed.json';
import neProduct from './ne/product.json';
import neShell from './ne/shell.json';
import nePromo from './ne/promo.json';
import neTable from './ne/table.json';
import neWeekday from './ne/weekday.json';
import neStanding from './ne/standing.json';
import neErrStanding from './ne/errors/standing.json';
import neTerms from './ne/terms.json';
import neWebOrders from './ne/webOrders.json';
import neOrderTrack from './ne/orderTrack.json';
import neDriverJobs from './ne/driverJobs.json';
import neReports from './ne/reports.json';
import neSettings from './ne/settings.json';
import neErrAuth from './ne/errors/auth.json';
import neErrCatalogue from './ne/errors/catalogue.json';
import neErrCommon from './ne/errors/common.json';
import neErrIdempotency from './ne/errors/idempotency.json';
import neErrOrder from './ne/errors/order.json';
import neErrDelivery from './ne/errors/delivery.json';
import neErrDocument from './ne/errors/document.json';
import neErrSettings from './ne/errors/settings.json';
import neErrInvoice from './ne/errors/invoice.json';
import neErrClaim from './ne/errors/claim.json';
import neErrCreditNote from './ne/errors/creditNote.json';
import neErrHandover from './ne/errors/handover.json';
import neErrCategory from './ne/errors/category.json';
import neErrCustomer from './ne/errors/customer.json';
import neErrEmployee from './ne/errors/employee.json';
import neErrField from './ne/errors/field.json';
import neErrImport from './ne/errors/import.json';
import neErrBankImport from './ne/errors/bankImport.json';
import neErrInformation from './ne/errors/information.json';
import neErrProduct from './ne/errors/product.json';
import neErrRoute from './ne/errors/route.json';
import neErrUpload from './ne/errors/upload.json';
import neErrTerms from './ne/errors/terms.json';
import neOffice from './ne/office.json';
import nePeople from './ne/people.json';
import neStock from './ne/stock.json';
import neErrStock from './ne/errors/stock.json';
import neErrPeople from './ne/errors/people.json';
import neLists from './ne/lists.json';
import nePriceLists from './ne/priceLists.json';
import neExports from './ne/exports.json';
import neLedger from './ne/ledger.json';
import neBankImport from './ne/bankImport.json';
import neGuide from './ne/guide.json';

export const ne = {
  badge: neBadge,
  buyer: neBuyer,
  cart: neCart,
  catalogue: neCatalogue,
  common: neCommon,
  documents: neDocuments,
  home: neHome,
  login: neLogin,
  money: neMoney,
  dates: neDates,
  nav: neNav,
  office: neOffice,
  lists: neLists,
  priceLists: nePriceLists,
  orders: neOrders,
  placed: nePlaced,
  product: neProduct,
  shell: neShell,
  promo: nePromo,
  table: neTable,
  weekday: neWeekday,
  standing: neStanding,
  terms: neTerms,
  webOrders: neWebOrders,
  orderTrack: neOrderTrack,
  driverJobs: neDriverJobs,
  reports: neReports,
  settings: neSettings,
  people: nePeople,
  stock: neStock,
  exports: neExports,
  ledger: neLedger,
  bankImport: neBankImport,
  guide: neGuide,
  errors: {
    auth: neErrAuth,
    catalogue: neErrCatalogue,
    common: neErrCommon,
    idempotency: neErrIdempotency,
    order: neErrOrder,
    delivery: neErrDelivery,
    document: neErrDocument,
    settings: neErrSettings,
    invoice: neErrInvoice,
    claim: neErrClaim,
    creditNote: neErrCreditNote,
    handover: neErrHandover,
    category: neErrCategory,
    customer: neErrCustomer,
    employee: neErrEmployee,
    field: neErrField,
    import: neErrImport,
    bankImport: neErrBankImport,
    information: neErrInformation,
    product: neErrProduct,
    route: neErrRoute,
    upload: neErrUpload,
    standing: neErrStanding,
    stock: neErrStock,
    people: neErrPeople,
    terms: neErrTerms,
  },
} satisfies Resources;
