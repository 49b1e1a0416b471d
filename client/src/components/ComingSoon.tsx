import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PendingScreen } from '../comingSoonRoutes';
import { useAuth } from '../features/auth/AuthContext';
import { homeFor } from '../features/auth/guards';
import { Breadcrumbs } from './Breadcrumbs';

/** Stands in for a screen a later issue builds: titled, with breadcrumbs, never blank. */
export function ComingSoon({ screen }: { screen: PendingScreen }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const home = user ? homeFor(user) : '/';
  const crumbs = [
    { label: t('nav.home'), link: home },
    ...(screen.trail ?? []).map((c) => ({ label: t(c.titleKey), link: c.link })),
    { label: t(screen.titleKey) },
  ];
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <Title order={1} size="h2" mb="md">
        {t(screen.titleKey)}
      </Title>
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Text fz={40} aria-hidden="true">
          🚧
        </Text>
        <Text fw={600} size="lg">
          {t('common.comingSoon')}
        </Text>
        <Text c="dimmed" size="sm" mt={4}>
          {t('common.comingSoonHint')}
        </Text>
      </Paper>
    </>
  );
}
