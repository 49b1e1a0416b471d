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
      <Menu position="bottom-end" width={220} shadow="md">
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
          <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={() => signOut()}>
            {t('nav.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* Mounted only when asked for: it calls the server. */}
      {changing && <ChangePasswordModal opened onClose={() => setChanging(false)} />}
    </>
  );
}
