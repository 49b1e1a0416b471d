import { Anchor, Button, Group, List, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentKind } from '../../../../shared/enums';
import { showInstant } from '../../dates';
import { errorText } from '../../errors';
import { dynamicT } from '../../i18n';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { kindName } from './kindName';
import { pdfUrl, printPath } from './paths';

interface Props {
  kind: DocumentKind;
  id: string;
  area: 'admin' | 'customer' | 'driver';
  /** The office: e-mail it, and what was sent. */
  send?: boolean;
  /** Names the buttons' document for screen readers ("Invoice INV-000042"). */
  label?: string;
}

/** A document's PDF and print view, and for the office its sending by e-mail. */
export function DocumentActions({ kind, id, area, send, label }: Props) {
  const { t } = useTranslation();
  const kindShown = kindName(t, kind, area);
  const name = label ?? kindShown;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={pdfUrl(kind, id)}
        target="_blank"
        rel="noopener"
        size="compact-sm"
        variant="light"
        // The name holds the text shown ("Invoice PDF"), WCAG 2.5.3.
        aria-label={label ? `${label}, ${kindShown} ${t('documents.ui.openPdf')}` : undefined}
      >
        {kindShown} {t('documents.ui.openPdf')}
      </Button>
      <Button
        component={Link}
        to={printPath(area, kind, id)}
        size="compact-sm"
        variant="subtle"
        aria-label={`${name} ${t('documents.ui.print')}`}
      >
        {t('documents.ui.print')}
      </Button>
      {send && <SendDocument kind={kind} id={id} label={label} />}
    </Group>
  );
}

function SendDocument({ kind, id, label }: { kind: DocumentKind; id: string; label?: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const mails = trpc.documents.mails.useQuery({ kind, id }, { staleTime: 30_000 });
  const send = trpc.documents.send.useMutation({
    onSuccess: (data) => {
      utils.documents.mails.setData({ kind, id }, data);
      notifySuccess(t('documents.ui.sent', { to: data.mails[0]?.to ?? '' }));
    },
    onError: (err) => {
      notifyError(errorText(t, err, 'errors.common.mutationFailed'));
      void mails.refetch();
    },
  });
  const configured = mails.data?.configured ?? false;
  /** The server has said it cannot send (not while it has not answered yet). */
  const unset = mails.data?.configured === false;
  const reasonId = useId();
  return (
    <>
      {/* Not set up: said once, as the button's reason, not as a line under every document of
          the screen. The button stays focusable (aria-disabled, not disabled) so the keyboard
          reaches it and its reason shows on focus, and a screen reader reads the reason as its
          description. The tooltip is always there, only switched on (switching the button into
          it when the answer came could start a render loop, seen on the office's Done tab). */}
      <Tooltip
        label={t('documents.ui.noSmtp')}
        disabled={!unset}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        w={280}
      >
        <Button
          size="compact-sm"
          variant="default"
          data-disabled={!configured || undefined}
          aria-disabled={!configured || undefined}
          aria-describedby={unset ? reasonId : undefined}
          // Named with its document like Print beside it: a card's buttons tell the cards apart.
          aria-label={label ? `${label} ${t('documents.ui.send')}` : undefined}
          loading={send.isPending}
          onClick={(e) => {
            if (!configured) {
              e.preventDefault();
              return;
            }
            send.mutate({ kind, id });
          }}
        >
          {t('documents.ui.send')}
        </Button>
      </Tooltip>
      {unset && <VisuallyHidden id={reasonId}>{t('documents.ui.noSmtp')}</VisuallyHidden>}
      {mails.data && mails.data.mails.length > 0 && (
        <List size="xs" listStyleType="none" p={0} aria-label={t('documents.ui.mailLog')}>
          {mails.data.mails.map((m) => (
            <List.Item key={m._id}>
              {showInstant(m.sentAt)} · {m.to} ·{' '}
              {dynamicT(t)(`documents.ui.mailStatus.${m.status}`, { defaultValue: m.status })}
              {m.sentBy ? ` · ${m.sentBy}` : ''}
              {m.error ? ` (${m.error})` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

/** A link to one document's print view, with its PDF beside it (document lists). */
export function DocumentLink({
  kind,
  id,
  number,
  area,
}: {
  kind: DocumentKind;
  id: string;
  number: string;
  area: 'admin' | 'customer' | 'driver';
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={printPath(area, kind, id)} style={{ whiteSpace: 'nowrap' }}>
        {number || kindName(t, kind, area)}
      </Anchor>
      {/* A table of these would list 'PDF' again and again: the name says whose. */}
      <Anchor
        href={pdfUrl(kind, id)}
        target="_blank"
        rel="noopener"
        size="sm"
        aria-label={number ? t('documents.ui.pdfOf', { number }) : undefined}
      >
        {t('documents.ui.openPdf')}
      </Anchor>
    </Group>
  );
}
