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
import enNav from './en/nav.json';
import enOrders from './en/orders.json';
import enPlaced from './en/placed.json';
import enProduct from './en/product.json';
import enShell from './en/shell.json';
import enPromo from './en/promo.json';
import enTable from './en/table.json';
import enWeekday from './en/weekday.json';
import enErrAuth from './en/errors/auth.json';
import enErrCatalogue from './en/errors/catalogue.json';
import enErrCommon from './en/errors/common.json';
import enErrIdempotency from './en/errors/idempotency.json';
import enErrOrder from './en/errors/order.json';
import neBadge from './ne/badge.json';
import neBuyer from './ne/buyer.json';
import neCart from './ne/cart.json';
import neCatalogue from './ne/catalogue.json';
import neCommon from './ne/common.json';
import neHome from './ne/home.json';
import neLogin from './ne/login.json';
import neNav from './ne/nav.json';
import neOrders from './ne/orders.json';
import nePlaced from './ne/placed.json';
import neProduct from './ne/product.json';
import neShell from './ne/shell.json';
import nePromo from './ne/promo.json';
import neTable from './ne/table.json';
import neWeekday from './ne/weekday.json';
import neErrAuth from './ne/errors/auth.json';
import neErrCatalogue from './ne/errors/catalogue.json';
import neErrCommon from './ne/errors/common.json';
import neErrIdempotency from './ne/errors/idempotency.json';
import neErrOrder from './ne/errors/order.json';

export const en = {
  badge: enBadge,
  buyer: enBuyer,
  cart: enCart,
  catalogue: enCatalogue,
  common: enCommon,
  home: enHome,
  login: enLogin,
  nav: enNav,
  orders: enOrders,
  placed: enPlaced,
  product: enProduct,
  shell: enShell,
  promo: enPromo,
  table: enTable,
  weekday: enWeekday,
  errors: {
    auth: enErrAuth,
    catalogue: enErrCatalogue,
    common: enErrCommon,
    idempotency: enErrIdempotency,
    order: enErrOrder,
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
  nav: neNav,
  orders: neOrders,
  placed: nePlaced,
  product: neProduct,
  shell: neShell,
  promo: nePromo,
  table: neTable,
  weekday: neWeekday,
  errors: {
    auth: neErrAuth,
    catalogue: neErrCatalogue,
    common: neErrCommon,
    idempotency: neErrIdempotency,
    order: neErrOrder,
  },
} satisfies Resources;
