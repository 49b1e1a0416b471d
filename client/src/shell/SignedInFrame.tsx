// The styles of the parts the frame and the customer's screens use (the login screen has its
// own few, main.tsx; the office's and the driver's areas load all of Mantine's, see their
// routes.tsx). A customer screen using another Mantine component adds its file here.
// Loading the same rules twice is harmless: they are identical.
import './frameText';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/notifications/styles.css';
import { AppShell, Container, Group } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { UserInfo } from '../../../shared/schemas/auth';
import { ALERT_MS } from '../components/notify';
import { TopBar } from '../components/TopBar';
import { useBusinessTimeZone } from '../dates';
import { homeFor } from '../features/auth/guards';
import { ConnectionBanner } from './ConnectionBanner';
import { BackToTop, HomeButton, usePhone } from './FloatingActions';
import { MAIN_ID, mainClass, SkipLink } from './SkipLink';
import { useTitleFocus } from './useTitleFocus';

/**
 * The frame of every signed-in screen (its own chunk: the login screen never downloads it):
 * top bar, page, and on a phone a footer bar with the home and back-to-top buttons, which
 * content never scrolls under, so they never cover a card's buttons.
 */
export default function SignedInFrame({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const phone = usePhone();
  // The business's time zone for every date shown (client/src/dates.ts), asked once.
  useBusinessTimeZone();
  // A new screen's title takes the focus the old screen's pressed button took with it.
  useTitleFocus();
  const home = homeFor(user);
  // Not on the home itself: nothing to go back to, and the page is short.
  const footer = phone && pathname !== home;

  return (
    <AppShell header={{ height: 60 }} footer={footer ? { height: 64 } : undefined} padding="md">
      {/* The first Tab stop: past the top bar to the screen's own content (ADR 087). */}
      <SkipLink />
      <Notifications autoClose={ALERT_MS} position="top-center" />
      <AppShell.Header>
        <TopBar user={user} floating={!phone} />
      </AppShell.Header>
      <AppShell.Main id={MAIN_ID} className={mainClass}>
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
