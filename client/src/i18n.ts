import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, ne } from '../../shared/locales';

export const LANGUAGES = ['en', 'ne'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key remembering the chosen language across visits. */
export const LANG_KEY = 'lang';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    return isLanguage(saved) ? saved : 'en';
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to English.
    return 'en';
  }
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  document.title = i18n.t('common.appName');
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    // Not remembered, but the switch still works for this visit.
  }
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ne: { translation: ne } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  // Resources are bundled, so initialise synchronously: the first render is already translated.
  initAsync: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
document.documentElement.lang = i18n.language;
document.title = i18n.t('common.appName');

export function setLanguage(lng: Language): void {
  void i18n.changeLanguage(lng);
}

export default i18n;
