import { enStaff } from '../../../shared/locales/en-staff';
import i18n from '../i18n';

// The English text of the office's and the driver's screens, added when one of their areas
// loads (imported by features/admin/routes.tsx and features/driver/routes.tsx): a customer's
// phone and the login screen never download it. Nepali and Japanese are one chunk each with all of their text.
i18n.addResourceBundle('en', 'translation', enStaff, true, false);
