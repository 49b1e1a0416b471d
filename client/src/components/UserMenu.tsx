import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/schemas/auth';
import { useAuth } from '../features/auth/AuthContext';
import { LogoutIcon } from './icons';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase());
  return letters.join('') || '?';
}

export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.accountMenu')} p={3} miw={44} mih={44}>
          <Avatar src={user.photo || null} alt={user.name} color="green" radius="xl">
            {initials(user.name)}
          </Avatar>
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
        <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={() => signOut()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
