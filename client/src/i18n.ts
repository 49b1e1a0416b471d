import i18n, { type BackendModule, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/enums';
import { enCore } from '../../shared/locales/en-core';

export { LANGUAGES, type Language };

/** A translation key (checked against the English resources, see i18next.d.ts). */
export type TKey = ParseKeys;

/** localStorage key remembering the chosen language on this device (for the login screen). */
export const LANG_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The browser's preference: the first of its languages that is English, Nepali ('ne',
 * 'ne-NP', ...) or Japanese ('ja', 'ja-JP'), else English.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The device's saved choice, else the browser's languages (DESIGN §6: the first visit). */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): use the browser's choice.
  }
  if (typeof navigator === 'undefined') return 'en';
  return browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

const inBrowser = () => typeof document !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
const notLoaded = (error: unknown) => console.warn('font not loaded', error);

/** The Devanagari web font, fetched the first time Nepali shows (not for English readers). */
function loadNepaliFont(): void {
  if (!inBrowser()) return;
  void import('./nepaliFont').catch(notLoaded);
}

/**
 * The Japanese web font's rules, fetched the first time Japanese shows (ADR 025): the browser
 * then downloads only the unicode-range subsets of the glyphs on screen.
 */
function loadJapaneseFont(): void {
  if (!inBrowser()) return;
  void import('./japaneseFont').catch(notLoaded);
}

function applyToDocument(lng: string): void {
  document.documentElement.lang = lng;
  document.title = i18n.t('common.appName');
  if (lng === 'ne') loadNepaliFont();
  if (lng === 'ja') loadJapaneseFont();
}

/**
 * This device's choice, also as a cookie: the server renders the catalogue's first screen
 * (ADR 021) in the language the app is about to show, and cannot read localStorage.
 */
function rememberLanguage(lng: string): void {
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    // Not remembered, but the switch still works for this visit.
  }
  if (typeof document !== 'undefined' && isLanguage(lng)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every phone's browser
    document.cookie = `${LANG_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
  }
}

i18n.on('languageChanged', (lng) => {
  applyToDocument(lng);
  rememberLanguage(lng);
});

/**
 * Nepali and Japanese are chunks of their own (~10 KB compressed each, more than the
 * English): English readers never download them. i18next asks this backend for a language it
 * has no resources for, i.e. only for Nepali or Japanese, and `changeLanguage` waits for it,
 * so the switch never shows a mix.
 */
const LOADERS: Partial<Record<Language, () => Promise<object>>> = {
  ne: () => import('../../shared/locales/ne').then((module) => module.ne),
  ja: () => import('../../shared/locales/ja').then((module) => module.ja),
};

const otherLanguagesOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = isLanguage(language) ? LOADERS[language] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (tree) => callback(null, tree as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Resolves once the first language's text is there: at once for English (bundled), after the
 * Nepali or Japanese chunk for their readers. main.tsx renders after it, so the first render is never
 * a flash of the other language.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(otherLanguagesOnDemand)
  .use(initReactI18next)
  .init({
    // English is bundled with the first download (money and documents come with the signed-in
    // frame, shell/frameText.ts; the office's and the driver's text with their areas,
    // shell/staffText.ts); Nepali and Japanese come from the backend above.
    resources: { en: { translation: enCore } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    // English is bundled, so an English start initialises synchronously.
    initAsync: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
applyToDocument(i18n.language);
if (i18n.language !== 'ne' && i18n.language !== 'ja' && inBrowser()) {
  // Only the switch's 'नेपाली' and '日本語' need fonts here, and only on a device without any
  // Devanagari or Japanese font (phones have both): fontFallback.ts measures and loads them.
  // Not before the page has loaded and the browser is idle: ~100 KB must not compete with the
  // first screen's script, data and pictures on a slow line.
  const check = () => {
    void import('./fontFallback')
      .then((fallback) =>
        fallback.loadMissingFonts({
          devanagari: loadNepaliFont,
          japaneseName: () => void import('./japaneseName').catch(notLoaded),
        }),
      )
      .catch(notLoaded);
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(check, { timeout: 2000 })
      : setTimeout(check, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Switches the interface language on this device (the account is saved by LanguageSwitch). */
export function setLanguage(lng: Language): void {
  void i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export default i18n;

/**
 * `t` for a key made at run time (an error code from the server, a status from the data):
 * the compiler cannot check it, so the locale tests do (every code a service throws has both
 * texts). Everything written as a literal goes through the checked `t`.
 */
export type DynamicT = (key: string, options?: Record<string, unknown>) => string;
export const dynamicT = (t: unknown): DynamicT => t as DynamicT;
