import { ActionIcon, Affix, Anchor, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { UserInfo } from '../../../shared/schemas/auth';
import { homeFor, isOffice } from '../features/auth/guards';
import { CartButton } from './CartButton';
import { HomeIcon } from './icons';
import { UserMenu } from './UserMenu';

/** The header of every signed-in screen, plus the floating home button. */
export function TopBar({ user }: { user: UserInfo }) {
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
      <Group gap="sm" wrap="nowrap">
        {/* Admins and managers do not shop (spec: they never see the cart). */}
        {!isOffice(user) && <CartButton />}
        <UserMenu user={user} />
      </Group>
      {/* Not on the checkout: it has its own Back, and on a phone the button would sit over
          'Place Order'. */}
      {pathname !== home && pathname !== '/cart' && (
        <Affix position={{ bottom: 20, right: 20 }}>
          <ActionIcon
            component={Link}
            to={home}
            size={52}
            radius="xl"
            variant="filled"
            aria-label={t('nav.home')}
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          >
            <HomeIcon size={26} />
          </ActionIcon>
        </Affix>
      )}
    </Group>
  );
}
