import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../../server/platform/errors';
import type { ClosingMailOut } from '../../../../../shared/schemas/documents';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError } from '../../../components/notify';
import { showDate } from '../../../dates';
import { codeText } from '../../../errors';
import { trpc } from '../../../trpc';
import { moneyErrorText } from './api';

const wrapLabel = { label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

/**
 * "E-mail the statements" beside a closing's statements PDF (ADR 073): each customer gets its
 * own statement, PDF attached, in one go; one sent before is not sent again. It says first how
 * many go out and which customers have no e-mail address, and afterwards what was sent, what
 * failed and to whom nothing could go. Without a mail server it says why it cannot send.
 */
export function SendStatementsButton({ closingDate }: { closingDate: string }) {
  const { t, i18n } = useTranslation();
  // 「A、B」 in Japanese, "A, B and C" in English, as each language lists names.
  const names = (list: { restaurantName: string }[]) =>
    new Intl.ListFormat(i18n.language).format(list.map((n) => n.restaurantName));
  const utils = trpc.useUtils();
  const state = trpc.documents.closingMailState.useQuery({ closingDate });
  const send = trpc.documents.sendClosingStatements.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ClosingMailOut | null>(null);
  const s = state.data;
  if (!s || s.statements === 0) return null;

  const run = async () => {
    try {
      setResult(await send.mutateAsync({ closingDate }));
    } catch (error) {
      notifyError(moneyErrorText(t, error, 'money.operationFailed'));
    } finally {
      void utils.documents.invalidate();
    }
  };

  return (
    <Stack gap={4} align="flex-start" data-testid="send-statements">
      <Button
        size="xs"
        variant="light"
        h="auto"
        py={6}
        styles={wrapLabel}
        disabled={!s.configured || s.toSend === 0}
        loading={send.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('documents.ui.sendStatements', { count: s.toSend })}
      </Button>
      {!s.configured ? (
        <Text size="xs" c="dimmed">
          {t('documents.ui.noSmtp')}
        </Text>
      ) : s.toSend === 0 && s.alreadySent > 0 && !result ? (
        <Text size="xs" c="dimmed">
          {t('documents.ui.statementsAllSent', { count: s.alreadySent })}
        </Text>
      ) : null}
      {result && (
        <Alert
          color={result.failed.length > 0 ? 'red' : 'green'}
          title={t('documents.ui.statementsSent', { count: result.sent.length })}
          data-testid="send-statements-result"
        >
          {result.failed.length > 0 && (
            <>
              <Text size="sm">
                {t('documents.ui.statementsFailed', { count: result.failed.length })}
              </Text>
              <List size="sm">
                {result.failed.map((f) => (
                  <List.Item key={f.number}>
                    {f.number} {f.restaurantName}:{' '}
                    {codeText(t, f.code as ErrorCode, { to: f.to, error: f.error })}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {result.noEmail.length > 0 && (
            <Text size="sm">
              {t('documents.ui.statementsNoEmail', {
                names: names(result.noEmail),
              })}
            </Text>
          )}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('documents.ui.sendStatementsTitle', { date: showDate(closingDate) })}
        message={[
          t('documents.ui.sendStatementsConfirm', { count: s.toSend }),
          s.noEmail.length > 0
            ? t('documents.ui.statementsNoEmail', {
                names: names(s.noEmail),
              })
            : '',
          s.alreadySent > 0 ? t('documents.ui.statementsAllSent', { count: s.alreadySent }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('documents.ui.sendStatementsYes')}
        onClose={() => setConfirming(false)}
        onConfirm={run}
      />
    </Stack>
  );
}
