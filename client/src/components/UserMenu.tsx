import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/schemas/auth';
import { useAuth } from '../features/auth/AuthContext';
import { ChangePasswordModal } from '../features/auth/PasswordForms';
import { LogoutIcon } from './icons';

export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const [changing, setChanging] = useState(false);

  return (
    <>
      {/* No focus placeholder: Mantine's is a focusable role=presentation div inside role=menu,
        which axe fails (aria-required-children, critical). Opened, the focus goes to the first
        item, as the WAI-ARIA menu button pattern has it. */}
      <Menu position="bottom-end" width={220} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* No initials as text: a button named 'Account menu' must not show other words
            (WCAG 2.5.3, label in name). The photo, or the generic person icon. */}
          <UnstyledButton aria-label={t('nav.accountMenu')} p={3} miw={44} mih={44}>
            <Avatar src={user.photo || null} alt="" color="green" radius="xl" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.name}
            </Text>
            {user.restaurantName && user.restaurantName !== user.name && (
              <Text size="xs" truncate>
                {user.restaurantName}
              </Text>
            )}
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item onClick={() => setChanging(true)}>{t('nav.changePassword')}</Menu.Item>
          {/* Red 8 (5.6:1 on white, 5:1 on the grey of a hovered item): Mantine's menu red is
            red 6, 3.3:1, under the 4.5:1 text needs. */}
          <Menu.Item c="red.8" leftSection={<LogoutIcon size={16} />} onClick={() => signOut()}>
            {t('nav.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* Mounted only when asked for: it calls the server. */}
      {changing && <ChangePasswordModal opened onClose={() => setChanging(false)} />}
    </>
  );
}
