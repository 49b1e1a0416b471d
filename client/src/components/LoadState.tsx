import { Alert, Button, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A failed read: 'Failed to fetch data' (spec §8) with a way to ask again. */
export function FetchFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('errors.common.fetchFailed')}>
      {onRetry && (
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
