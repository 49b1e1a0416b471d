import { Input } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/schemas/auth';
import { ChevronsIcon, GlobeIcon } from '../components/icons';
import { useAuth } from '../features/auth/AuthContext';
import { currentLanguage, isLanguage, LANGUAGES, type Language, setLanguage } from '../i18n';
import { trpcClient } from '../trpc';

/** Each language's name in its own script, so it reads the same in every interface. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ne: 'नेपाली',
  ja: '日本語',
};

/** The account's saved language, when the session carries one (null until the person chooses). */
export function accountLanguage(user: UserInfo | null): Language | null {
  const value = user ? (user as { language?: unknown }).language : null;
  return isLanguage(value) ? value : null;
}

/**
 * The visible language switch (login screen and top bar): the current language's name with a
 * globe, opening the list of all three, each named in its own script. A native select (Mantine's
 * Input drawn as one, already in the login screen's download): the phone's own picker, no
 * menu or combobox script in the first download (ADR 025). Signed
 * in, the choice is also saved on the account, so it follows the person to other devices; on
 * this device it is kept for the login screen.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const choose = (value: string) => {
    if (!isLanguage(value) || value === current) return;
    setLanguage(value);
    if (user) {
      trpcClient.auth.setLanguage
        .mutate({ language: value })
        .catch((error: unknown) => console.warn('language not saved on the account', error));
    }
  };

  return (
    <Input
      component="select"
      aria-label={t('nav.language')}
      value={current}
      onChange={(event: React.ChangeEvent<HTMLSelectElement>) => choose(event.currentTarget.value)}
      data-testid="language-switch"
      lang={current}
      size={compact ? 'sm' : 'md'}
      radius="md"
      pointer
      leftSection={<GlobeIcon size={18} />}
      rightSection={<ChevronsIcon />}
      leftSectionPointerEvents="none"
      rightSectionPointerEvents="none"
      // As wide as the name it shows (each language's name in its own script and width): a
      // fixed width clipped "English" on phones. Where field-sizing is not known the select is
      // as wide as its widest option: wider, never clipped. It never shrinks in the top bar:
      // the app's name gives way instead (TopBar).
      styles={{
        wrapper: { flexShrink: 0 },
        input: { height: 44, minHeight: 44, fontWeight: 600, fieldSizing: 'content' },
      }}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </Input>
  );
}

/** Signed in: the account's language wins over this device's (it follows the person). */
export function useAccountLanguage(user: UserInfo | null): void {
  const saved = accountLanguage(user);
  useEffect(() => {
    if (saved && saved !== currentLanguage()) setLanguage(saved);
  }, [saved]);
}
