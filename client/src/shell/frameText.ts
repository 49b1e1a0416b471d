import { enFrame } from '../../../shared/locales/en-frame';
import i18n from '../i18n';

// The English text only signed-in screens show (money, documents), added when the signed-in
// frame loads (imported by shell/SignedInFrame.tsx): the login screen's first download never
// carries it. Nepali and Japanese are one chunk each with all of their text.
i18n.addResourceBundle('en', 'translation', enFrame, true, false);
