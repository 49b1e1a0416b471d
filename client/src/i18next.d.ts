import 'i18next';
import type { Resources } from '../../shared/locales';

// Translation keys are checked against the English resources: t('cart.placeOrder') compiles,
// t('cart.placeOrdr') does not. Keys built at run time (error codes from the server) go
// through messages.ts, which checks them before translating.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}
