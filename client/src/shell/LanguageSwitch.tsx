import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/schemas/auth';
import { GlobeIcon } from '../components/icons';
import { useAuth } from '../features/auth/AuthContext';
import { currentLanguage, isLanguage, type Language, setLanguage } from '../i18n';
import { trpcClient } from '../trpc';

/** Each language's name in its own script, so it reads the same in either interface. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ne: 'नेपाली' };

/** The account's saved language, when the session carries one (null until the person chooses). */
export function accountLanguage(user: UserInfo | null): Language | null {
  const value = user ? (user as { language?: unknown }).language : null;
  return isLanguage(value) ? value : null;
}

/**
 * The visible language switch (login screen and top bar): one button naming the other language
 * in its own script. Signed in, the choice is also saved on the account, so it follows the
 * person to other devices; on this device it is kept for the login screen.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const other: Language = current === 'en' ? 'ne' : 'en';

  const choose = () => {
    setLanguage(other);
    if (user) {
      trpcClient.auth.setLanguage
        .mutate({ language: other })
        .catch((error: unknown) => console.warn('language not saved on the account', error));
    }
  };

  return (
    <Button
      variant="default"
      size={compact ? 'sm' : 'md'}
      mih={44}
      px={compact ? 'xs' : 'md'}
      lang={other}
      onClick={choose}
      data-testid="language-switch"
      leftSection={<GlobeIcon size={18} />}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}

/** Signed in: the account's language wins over this device's (it follows the person). */
export function useAccountLanguage(user: UserInfo | null): void {
  const saved = accountLanguage(user);
  useEffect(() => {
    if (saved && saved !== currentLanguage()) setLanguage(saved);
  }, [saved]);
}
