// The English text the login screen and the frame around every screen may show, and the errors
// signing in or ordering can meet (see en.ts): bundled with the client's first download, whose
// target is 150 KB of JS+CSS (docs/performance.md). A signed-in screen's text goes in en-frame.ts.

import enBadge from './en/badge.json';
import enCommon from './en/common.json';
import enLogin from './en/login.json';
import enNav from './en/nav.json';
import enShell from './en/shell.json';
import enErrAuth from './en/errors/auth.json';
import enErrCatalogue from './en/errors/catalogue.json';
import enErrCommon from './en/errors/common.json';
import enErrIdempotency from './en/errors/idempotency.json';
import enErrOrder from './en/errors/order.json';
import enErrField from './en/errors/field.json';

/** The text the login screen may show: bundled with the client's first download. */
export const enCore = {
  badge: enBadge,
  common: enCommon,
  login: enLogin,
  nav: enNav,
  shell: enShell,
  errors: {
    auth: enErrAuth,
    catalogue: enErrCatalogue,
    common: enErrCommon,
    idempotency: enErrIdempotency,
    order: enErrOrder,
    field: enErrField,
  },
};
