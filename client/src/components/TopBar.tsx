import { Anchor, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { UserInfo } from '../../../shared/schemas/auth';
import { homeFor, isOffice } from '../features/auth/guards';
import { FloatingActions } from '../shell/FloatingActions';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { CartButton } from './CartButton';
import { UserMenu } from './UserMenu';

/**
 * The header of every signed-in screen: logo, language, cart, account menu. With `floating`
 * (wider screens) also the floating home and back-to-top buttons; on phones AppShellLayout puts
 * them in its footer bar.
 */
export function TopBar({ user, floating = true }: { user: UserInfo; floating?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = homeFor(user);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor
        component={Link}
        to={home}
        underline="never"
        c="inherit"
        aria-label={t('common.appName')}
        miw={0}
      >
        <Group gap="xs" wrap="nowrap">
          <Image src="/logo.svg" alt="" w={32} h={32} />
          <Text fw={700} size="lg" truncate>
            {t('common.appName')}
          </Text>
        </Group>
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch compact />
        {/* Admins and managers do not shop (spec: they never see the cart). */}
        {!isOffice(user) && <CartButton />}
        <UserMenu user={user} />
      </Group>
      {/* Not on the checkout: it has its own Back, and the button would sit over 'Place Order'. */}
      {floating && (
        <FloatingActions home={home} showHome={pathname !== home && pathname !== '/cart'} />
      )}
    </Group>
  );
}
