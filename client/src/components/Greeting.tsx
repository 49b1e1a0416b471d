import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/AuthContext';

/** The heading of each role home. */
export function Greeting() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Title order={1} size="h3" mb="lg">
      {t('home.welcome', { name: user?.name ?? '' })}
    </Title>
  );
}
