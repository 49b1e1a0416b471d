import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/schemas/auth';
import { useAuth } from '../features/auth/AuthContext';
import { type Language, setLanguage } from '../i18n';
import { CheckIcon, LogoutIcon } from './icons';

/** Language names are written in their own script, so they read the same in either UI. */
const LANGUAGE_CHOICES: { lng: Language; labelKey: string }[] = [
  { lng: 'en', labelKey: 'nav.english' },
  { lng: 'ne', labelKey: 'nav.nepali' },
];

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase());
  return letters.join('') || '?';
}

export function UserMenu({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation();
  const { signOut } = useAuth();

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.accountMenu')}>
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
        <Menu.Label>{t('nav.language')}</Menu.Label>
        {LANGUAGE_CHOICES.map(({ lng, labelKey }) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => setLanguage(lng)}
            rightSection={i18n.resolvedLanguage === lng ? <CheckIcon size={16} /> : null}
          >
            {t(labelKey)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={() => signOut()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
