// The full Mantine styles come with the signed-in frame; the login screen has its own few
// (main.tsx). Loading the same rules twice is harmless: they are identical.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppShell, Container, Group } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { UserInfo } from '../../../shared/schemas/auth';
import { ALERT_MS } from '../components/notify';
import { TopBar } from '../components/TopBar';
import { homeFor } from '../features/auth/guards';
import { ConnectionBanner } from './ConnectionBanner';
import { BackToTop, HomeButton, usePhone } from './FloatingActions';

/**
 * The frame of every signed-in screen (its own chunk: the login screen never downloads it):
 * top bar, page, and on a phone a footer bar with the home and back-to-top buttons, which
 * content never scrolls under, so they never cover a card's buttons.
 */
export default function SignedInFrame({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const phone = usePhone();
  const home = homeFor(user);
  // Not on the home itself: nothing to go back to, and the page is short.
  const footer = phone && pathname !== home;

  return (
    <AppShell header={{ height: 60 }} footer={footer ? { height: 64 } : undefined} padding="md">
      <Notifications autoClose={ALERT_MS} position="top-center" />
      <AppShell.Header>
        <TopBar user={user} floating={!phone} />
      </AppShell.Header>
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
