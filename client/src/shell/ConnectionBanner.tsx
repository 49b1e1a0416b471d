import { Alert } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A lost connection says so at the top of every screen instead of failing silently. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      color="dark"
      variant="filled"
      radius={0}
      role="alert"
      title={t('shell.offline')}
      data-testid="offline-banner"
      styles={{ root: { position: 'sticky', top: 0, zIndex: 300 } }}
    >
      {t('shell.offlineHint')}
    </Alert>
  );
}
