import { Anchor, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { UserInfo } from '../../../shared/schemas/auth';
import { homeFor, isOffice } from '../features/auth/guards';
import { FloatingActions } from '../shell/FloatingActions';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { CartButton } from './CartButton';
import classes from './TopBar.module.css';
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
    <Group h="100%" px="md" gap="xs" wrap="nowrap">
      <div className={classes.brand} data-testid="top-bar-brand">
        <Anchor
          component={Link}
          to={home}
          underline="never"
          c="inherit"
          aria-label={t('common.appName')}
          // Style props, not the module's class: Mantine's own Anchor styles may load after it
          // (the office's chunk order), and the logo and name then stacked.
          display="block"
          maw="100%"
        >
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Image src="/logo.svg" alt="" w={32} h={32} className={classes.logo} />
            <Text fw={700} size="lg" truncate className={classes.name}>
              {t('common.appName')}
            </Text>
          </Group>
        </Anchor>
      </div>
      {/* 6 px apart, not 10: so the switch, the cart and the account leave the logo room on a
        320 px phone. */}
      <Group gap={6} wrap="nowrap" className={classes.tools}>
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
