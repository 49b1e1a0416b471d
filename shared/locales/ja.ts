// The Japanese interface text (see index.ts, ADR 025); the client fetches this module the
// first time Japanese shows (client/src/i18n.ts). Japanese has one plural form: where English
// has `key_one` and `key_other`, Japanese has only `key_other` (i18next asks Intl.PluralRules,
// which answers 'other' for every count in Japanese).

import type { OtherPluralOnly, Resources } from './en';
import jaBadge from './ja/badge.json';
import jaBuyer from './ja/buyer.json';
import jaCart from './ja/cart.json';
import jaCatalogue from './ja/catalogue.json';
import jaCommon from './ja/common.json';
import jaHome from './ja/home.json';
import jaLogin from './ja/login.json';
import jaMoney from './ja/money.json';
import jaDates from './ja/dates.json';
import jaNav from './ja/nav.json';
import jaOrders from './ja/orders.json';
import jaPlaced from './ja/placed.json';
import jaProduct from './ja/product.json';
import jaShell from './ja/shell.json';
import jaPromo from './ja/promo.json';
import jaTable from './ja/table.json';
import jaWeekday from './ja/weekday.json';
import jaStanding from './ja/standing.json';
import jaErrStanding from './ja/errors/standing.json';
import jaTerms from './ja/terms.json';
import jaWebOrders from './ja/webOrders.json';
import jaOrderTrack from './ja/orderTrack.json';
import jaDriverJobs from './ja/driverJobs.json';
import jaReports from './ja/reports.json';
import jaSettings from './ja/settings.json';
import jaErrAuth from './ja/errors/auth.json';
import jaErrCatalogue from './ja/errors/catalogue.json';
import jaErrCommon from './ja/errors/common.json';
import jaErrIdempotency from './ja/errors/idempotency.json';
import jaErrOrder from './ja/errors/order.json';
import jaErrDelivery from './ja/errors/delivery.json';
import jaErrSettings from './ja/errors/settings.json';
import jaErrInvoice from './ja/errors/invoice.json';
import jaErrHandover from './ja/errors/handover.json';
import jaErrCategory from './ja/errors/category.json';
import jaErrCustomer from './ja/errors/customer.json';
import jaErrEmployee from './ja/errors/employee.json';
import jaErrField from './ja/errors/field.json';
import jaErrImport from './ja/errors/import.json';
import jaErrBankImport from './ja/errors/bankImport.json';
import jaErrInformation from './ja/errors/information.json';
import jaErrProduct from './ja/errors/product.json';
import jaErrRoute from './ja/errors/route.json';
import jaErrUpload from './ja/errors/upload.json';
import jaErrTerms from './ja/errors/terms.json';
import jaOffice from './ja/office.json';
import jaLists from './ja/lists.json';
import jaPriceLists from './ja/priceLists.json';
import jaDocuments from './ja/documents.json';
import jaErrDocument from './ja/errors/document.json';
import jaErrClaim from './ja/errors/claim.json';
import jaErrCreditNote from './ja/errors/creditNote.json';
import jaPeople from './ja/people.json';
import jaStock from './ja/stock.json';
import jaErrStock from './ja/errors/stock.json';
import jaErrPeople from './ja/errors/people.json';
import jaExports from './ja/exports.json';
import jaLedger from './ja/ledger.json';
import jaBankImport from './ja/bankImport.json';
import jaGuide from './ja/guide.json';

export const ja = {
  badge: jaBadge,
  buyer: jaBuyer,
  cart: jaCart,
  catalogue: jaCatalogue,
  common: jaCommon,
  home: jaHome,
  login: jaLogin,
  money: jaMoney,
  dates: jaDates,
  nav: jaNav,
  office: jaOffice,
  lists: jaLists,
  priceLists: jaPriceLists,
  orders: jaOrders,
  placed: jaPlaced,
  product: jaProduct,
  shell: jaShell,
  promo: jaPromo,
  table: jaTable,
  weekday: jaWeekday,
  standing: jaStanding,
  terms: jaTerms,
  webOrders: jaWebOrders,
  orderTrack: jaOrderTrack,
  driverJobs: jaDriverJobs,
  reports: jaReports,
  settings: jaSettings,
  people: jaPeople,
  stock: jaStock,
  documents: jaDocuments,
  exports: jaExports,
  ledger: jaLedger,
  bankImport: jaBankImport,
  guide: jaGuide,
  errors: {
    auth: jaErrAuth,
    catalogue: jaErrCatalogue,
    common: jaErrCommon,
    idempotency: jaErrIdempotency,
    order: jaErrOrder,
    delivery: jaErrDelivery,
    settings: jaErrSettings,
    invoice: jaErrInvoice,
    handover: jaErrHandover,
    category: jaErrCategory,
    customer: jaErrCustomer,
    employee: jaErrEmployee,
    field: jaErrField,
    import: jaErrImport,
    bankImport: jaErrBankImport,
    information: jaErrInformation,
    product: jaErrProduct,
    route: jaErrRoute,
    upload: jaErrUpload,
    standing: jaErrStanding,
    stock: jaErrStock,
    people: jaErrPeople,
    terms: jaErrTerms,
    document: jaErrDocument,
    claim: jaErrClaim,
    creditNote: jaErrCreditNote,
  },
} satisfies OtherPluralOnly<Resources>;
