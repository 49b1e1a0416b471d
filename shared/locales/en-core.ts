// The English text every screen may show (see en.ts): bundled with the client's first download.

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
import enStanding from './en/standing.json';
import enTerms from './en/terms.json';
import enErrAuth from './en/errors/auth.json';
import enErrCatalogue from './en/errors/catalogue.json';
import enErrCommon from './en/errors/common.json';
import enErrIdempotency from './en/errors/idempotency.json';
import enErrOrder from './en/errors/order.json';
import enErrField from './en/errors/field.json';
import enPeople from './en/people.json';

/** The text every screen may show: bundled with the client's first download. */
export const enCore = {
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
  standing: enStanding,
  people: enPeople,
  terms: enTerms,
  errors: {
    auth: enErrAuth,
    catalogue: enErrCatalogue,
    common: enErrCommon,
    idempotency: enErrIdempotency,
    order: enErrOrder,
    field: enErrField,
  },
};
