import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BackupStatusOut } from '../../../../../shared/schemas/backup-status';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { showInstant } from '../../../dates';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';

// The server's daily backup, seen from the office (ADR 061): a failing copy (a full disk) was
// written to the server's log only, which nobody in the office reads. Admins only: the rest of
// the office has nothing to do about it.

/** The last backup, or why the last one failed, on the Settings screen (admins). */
export function BackupStatusPanel() {
  const { user } = useAuth();
  return user?.isAdmin ? <BackupStatus /> : null;
}

function BackupStatus() {
  const { t } = useTranslation();
  const status = trpc.settings.backupStatus.useQuery();
  return (
    <Paper withBorder p="md" maw={720} mt="md" data-testid="backup-status">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.backup.title')}
        </Title>
        {status.isError ? (
          <FetchFailed onRetry={() => void status.refetch()} />
        ) : !status.data ? (
          <Loading />
        ) : (
          <BackupFacts status={status.data} />
        )}
      </Stack>
    </Paper>
  );
}

function BackupFacts({ status }: { status: BackupStatusOut }) {
  const { t } = useTranslation();
  const { lastGood, lastFailure } = status;
  return (
    <>
      {lastFailure && (
        <Alert color="red" role="alert">
          <Stack gap={4}>
            <Text fw={600} c="red.9">
              {t('settings.backup.failed', {
                time: showInstant(lastFailure.at),
                reason: t(`settings.backup.reason.${lastFailure.reason}`),
              })}
            </Text>
            <Text size="sm">{t('settings.backup.failedWhatNow')}</Text>
            {lastFailure.code && (
              <Text size="xs">{t('settings.backup.errorCode', { code: lastFailure.code })}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {lastGood ? (
        <Text>
          {t('settings.backup.last', { time: showInstant(lastGood.at), file: lastGood.file })}
        </Text>
      ) : (
        <Text>{t('settings.backup.none')}</Text>
      )}
      {status.tooOld && (
        <Alert color="orange" role="status">
          {t('settings.backup.tooOld')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {status.dailyHour === null
          ? t('settings.backup.dailyOff')
          : t('settings.backup.daily', { hour: `${String(status.dailyHour).padStart(2, '0')}:00` })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('settings.backup.copyOff', { folder: status.folder })}
      </Text>
    </>
  );
}
