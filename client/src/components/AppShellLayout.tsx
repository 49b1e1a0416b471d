import { AppShell, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/AuthContext';
import { homeFor } from '../features/auth/guards';
import { ConnectionBanner } from '../shell/ConnectionBanner';
import { BackToTop, HomeButton, usePhone } from '../shell/FloatingActions';
import { useAccountLanguage } from '../shell/LanguageSwitch';
import { TopBar } from './TopBar';

/**
 * Every screen's frame: the top bar only when signed in (spec: Login), the page below. On a
 * phone the home and back-to-top buttons sit in a footer bar, which content never scrolls
 * under, so they never cover a card's buttons.
 */
export function AppShellLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const phone = usePhone();
  useAccountLanguage(user);
  const home = user ? homeFor(user) : '/';
  // Not on the home itself: nothing to go back to, and the page is short.
  const footer = Boolean(user) && phone && pathname !== home;

  return (
    <AppShell
      header={user ? { height: 60 } : undefined}
      footer={footer ? { height: 64 } : undefined}
      padding="md"
    >
      {user && (
        <AppShell.Header>
          <TopBar user={user} floating={!phone} />
        </AppShell.Header>
      )}
      <AppShell.Main>
        <ConnectionBanner />
        {/* Bottom padding keeps the floating home button off the last row of content. */}
        <Container size="lg" px={0} pb={footer ? 16 : 80}>
          <Outlet />
        </Container>
      </AppShell.Main>
      {footer && (
        <AppShell.Footer px="md" component="nav" aria-label={t('shell.shortcuts')}>
          <Group h="100%" justify="flex-end" gap="sm" wrap="nowrap">
            <BackToTop />
            <HomeButton home={home} />
          </Group>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
