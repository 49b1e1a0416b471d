// The English text every screen may show (see en.ts): bundled with the client's first download.

import enBadge from './en/badge.json';
import enBuyer from './en/buyer.json';
import enCart from './en/cart.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enDocuments from './en/documents.json';
import enHome from './en/home.json';
import enLogin from './en/login.json';
import enMoney from './en/money.json';
import enNav from './en/nav.json';
import enOrders from './en/orders.json';
import enPlaced from './en/placed.json';
import enProduct from './en/product.json';
import enShell from './en/shell.json';
import enPromo from './en/promo.json';
import enTable from './en/table.json';
import enWeekday from './en/weekday.json';
import enStanding from './en/standing.json';
import enErrStanding from './en/errors/standing.json';
import enTerms from './en/terms.json';
import enErrAuth from './en/errors/auth.json';
import enErrCatalogue from './en/errors/catalogue.json';
import enErrCommon from './en/errors/common.json';
import enErrIdempotency from './en/errors/idempotency.json';
import enErrOrder from './en/errors/order.json';
import enErrDelivery from './en/errors/delivery.json';
import enErrDocument from './en/errors/document.json';
import enErrSettings from './en/errors/settings.json';
import enErrInvoice from './en/errors/invoice.json';
import enErrClaim from './en/errors/claim.json';
import enErrHandover from './en/errors/handover.json';
import enErrCategory from './en/errors/category.json';
import enErrCustomer from './en/errors/customer.json';
import enErrEmployee from './en/errors/employee.json';
import enErrField from './en/errors/field.json';
import enErrImport from './en/errors/import.json';
import enErrInformation from './en/errors/information.json';
import enErrProduct from './en/errors/product.json';
import enErrRoute from './en/errors/route.json';
import enErrUpload from './en/errors/upload.json';
import enPeople from './en/people.json';
import enErrStock from './en/errors/stock.json';
import enErrPeople from './en/errors/people.json';
import enErrTerms from './en/errors/terms.json';

/** The text every screen may show: bundled with the client's first download. */
export const enCore = {
  badge: enBadge,
  buyer: enBuyer,
  cart: enCart,
  catalogue: enCatalogue,
  common: enCommon,
  documents: enDocuments,
  home: enHome,
  login: enLogin,
  money: enMoney,
  nav: enNav,
  orders: enOrders,
  placed: enPlaced,
  product: enProduct,
  shell: enShell,
  promo: enPromo,
  table: enTable,
  weekday: enWeekday,
  standing: enStanding,
  people: enPeople,
  terms: enTerms,
  errors: {
    auth: enErrAuth,
    catalogue: enErrCatalogue,
    common: enErrCommon,
    idempotency: enErrIdempotency,
    order: enErrOrder,
    delivery: enErrDelivery,
    document: enErrDocument,
    settings: enErrSettings,
    invoice: enErrInvoice,
    claim: enErrClaim,
    handover: enErrHandover,
    category: enErrCategory,
    customer: enErrCustomer,
    employee: enErrEmployee,
    field: enErrField,
    import: enErrImport,
    information: enErrInformation,
    product: enErrProduct,
    route: enErrRoute,
    upload: enErrUpload,
    standing: enErrStanding,
    stock: enErrStock,
    people: enErrPeople,
    terms: enErrTerms,
  },
};
