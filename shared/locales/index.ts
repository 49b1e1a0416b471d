// The interface text of both languages, one file per screen group (and per domain for the
// error codes) so that work on one area never edits another's file. Both the client (i18next)
// and the server (REST `message`, in English) read these objects.

import enBadge from './en/badge.json';
import enBuyer from './en/buyer.json';
import enCart from './en/cart.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
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
import enWebOrders from './en/webOrders.json';
import enOrderTrack from './en/orderTrack.json';
import enDriverJobs from './en/driverJobs.json';
import enReports from './en/reports.json';
import enSettings from './en/settings.json';
import enErrAuth from './en/errors/auth.json';
import enErrCatalogue from './en/errors/catalogue.json';
import enErrCommon from './en/errors/common.json';
import enErrIdempotency from './en/errors/idempotency.json';
import enErrOrder from './en/errors/order.json';
import enErrDelivery from './en/errors/delivery.json';
import enErrSettings from './en/errors/settings.json';
import enErrInvoice from './en/errors/invoice.json';
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
import enOffice from './en/office.json';
import neBadge from './ne/badge.json';
import neBuyer from './ne/buyer.json';
import neCart from './ne/cart.json';
import neCatalogue from './ne/catalogue.json';
import neCommon from './ne/common.json';
import neHome from './ne/home.json';
import neLogin from './ne/login.json';
import neMoney from './ne/money.json';
import neNav from './ne/nav.json';
import neOrders from './ne/orders.json';
import nePlaced from './ne/placed.json';
import neProduct from './ne/product.json';
import neShell from './ne/shell.json';
import nePromo from './ne/promo.json';
import neTable from './ne/table.json';
import neWeekday from './ne/weekday.json';
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
import neErrSettings from './ne/errors/settings.json';
import neErrInvoice from './ne/errors/invoice.json';
import neErrHandover from './ne/errors/handover.json';
import neErrCategory from './ne/errors/category.json';
import neErrCustomer from './ne/errors/customer.json';
import neErrEmployee from './ne/errors/employee.json';
import neErrField from './ne/errors/field.json';
import neErrImport from './ne/errors/import.json';
import neErrInformation from './ne/errors/information.json';
import neErrProduct from './ne/errors/product.json';
import neErrRoute from './ne/errors/route.json';
import neErrUpload from './ne/errors/upload.json';
import neOffice from './ne/office.json';

export const en = {
  badge: enBadge,
  buyer: enBuyer,
  cart: enCart,
  catalogue: enCatalogue,
  common: enCommon,
  home: enHome,
  login: enLogin,
  money: enMoney,
  nav: enNav,
  office: enOffice,
  orders: enOrders,
  placed: enPlaced,
  product: enProduct,
  shell: enShell,
  promo: enPromo,
  table: enTable,
  weekday: enWeekday,
  webOrders: enWebOrders,
  orderTrack: enOrderTrack,
  driverJobs: enDriverJobs,
  reports: enReports,
  settings: enSettings,
  errors: {
    auth: enErrAuth,
    catalogue: enErrCatalogue,
    common: enErrCommon,
    idempotency: enErrIdempotency,
    order: enErrOrder,
    delivery: enErrDelivery,
    settings: enErrSettings,
    invoice: enErrInvoice,
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
  },
};

/** The English tree; Nepali must have the same shape (checked here and by a test). */
export type Resources = typeof en;

export const ne = {
  badge: neBadge,
  buyer: neBuyer,
  cart: neCart,
  catalogue: neCatalogue,
  common: neCommon,
  home: neHome,
  login: neLogin,
  money: neMoney,
  nav: neNav,
  office: neOffice,
  orders: neOrders,
  placed: nePlaced,
  product: neProduct,
  shell: neShell,
  promo: nePromo,
  table: neTable,
  weekday: neWeekday,
  webOrders: neWebOrders,
  orderTrack: neOrderTrack,
  driverJobs: neDriverJobs,
  reports: neReports,
  settings: neSettings,
  errors: {
    auth: neErrAuth,
    catalogue: neErrCatalogue,
    common: neErrCommon,
    idempotency: neErrIdempotency,
    order: neErrOrder,
    delivery: neErrDelivery,
    settings: neErrSettings,
    invoice: neErrInvoice,
    handover: neErrHandover,
    category: neErrCategory,
    customer: neErrCustomer,
    employee: neErrEmployee,
    field: neErrField,
    import: neErrImport,
    information: neErrInformation,
    product: neErrProduct,
    route: neErrRoute,
    upload: neErrUpload,
  },
} satisfies Resources;
