import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../features/auth/AuthContext';
import { homeFor } from '../features/auth/guards';
import { SearchIcon } from './icons';

export function NotFound() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Stack align="center" gap="sm" py={60} ta="center">
      <Text c="dimmed" lh={1} aria-hidden="true">
        <SearchIcon size={48} />
      </Text>
      <Title order={1} size="h2">
        {t('common.notFound')}
      </Title>
      <Text c="dimmed">{t('common.notFoundHint')}</Text>
      <Button component={Link} to={user ? homeFor(user) : '/'} mt="md">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
