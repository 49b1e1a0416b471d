import { Badge, Code, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AUDITED_ENTITIES, AuditEntryOut } from '../../../../../../shared/schemas/office';
import { DataTable } from '../../../../components/DataTable';
import { trpc } from '../../../../trpc';
import { formatWhen } from './when';

type Entity = (typeof AUDITED_ENTITIES)[number];

/** "Last changed by … on …" under a form (the newest entry of the record's trail). */
export function LastChanged({ entity, id }: { entity: Entity; id: string }) {
  const { t, i18n } = useTranslation();
  const history = trpc.audit.history.useQuery({ entity, id });
  const last = history.data?.[0];
  if (history.isPending) return <Skeleton h={16} w={240} />;
  if (!last) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="last-changed">
      {t('office.lastChanged', { name: last.actorName, when: formatWhen(last.at, i18n.language) })}
    </Text>
  );
}

const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** One field of an entry as shown: its label, its value before (on a change) and after. */
export interface Change {
  key: string;
  label: string;
  before: string | null;
  after: string;
}

/** The fields as stored, for a record with no reader's words yet. */
function rawChanges(e: AuditEntryOut): Change[] {
  const both = e.before !== null && e.after !== null;
  return Object.keys(e.after ?? e.before ?? {}).map((k) => ({
    key: k,
    label: k,
    before: both ? show(e.before?.[k]) : null,
    after: show((e.after ?? e.before)?.[k]),
  }));
}

/**
 * A record's whole trail: when, who, what, and each changed field before and after, in the
 * words `describe` gives (labels and values as the screens show them).
 */
export function HistoryTable({
  entity,
  id,
  describe = rawChanges,
}: {
  entity: Entity;
  id: string;
  describe?(entry: AuditEntryOut): Change[];
}) {
  const { t, i18n } = useTranslation();
  const history = trpc.audit.history.useQuery({ entity, id });
  return (
    <DataTable
      aria-label={t('office.history')}
      fetching={history.isPending}
      records={history.data ?? []}
      idAccessor="_id"
      noRecordsText={t('office.noHistory')}
      columns={[
        {
          accessor: 'at',
          title: t('office.when'),
          render: (e) => formatWhen(e.at, i18n.language),
        },
        { accessor: 'actorName', title: t('office.who') },
        {
          accessor: 'action',
          title: t('office.action'),
          render: (e) => (
            <Badge
              variant="light"
              color={e.action === 'delete' ? 'red' : e.action === 'create' ? 'green' : 'blue'}
            >
              {t(`office.actions.${e.action}`)}
            </Badge>
          ),
        },
        {
          accessor: 'changes',
          title: t('office.changes'),
          render: (e) => (
            <Stack gap={2}>
              {describe(e).map((c) => (
                <Text size="xs" key={c.key} data-testid="history-change">
                  <b>{c.label}</b>: {c.before !== null ? <Code>{c.before}</Code> : null}
                  {c.before !== null ? ' → ' : ''}
                  <Code>{c.after}</Code>
                </Text>
              ))}
            </Stack>
          ),
        },
      ]}
    />
  );
}
