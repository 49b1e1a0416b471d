import 'i18next';
import type { Resources } from '../../shared/locales';

// Translation keys are checked against the English resources: t('cart.placeOrder') compiles,
// t('cart.placeOrdr') does not. Keys built at run time go through `dynamicT` (i18n.ts), and the
// server's error codes through errors.ts, which check them before translating.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}
