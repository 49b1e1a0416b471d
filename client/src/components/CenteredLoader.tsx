import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session is being checked, instead of a redirect that may be wrong. */
export function CenteredLoader() {
  const { t } = useTranslation();
  return (
    <Center h="60vh" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
