import { Badge, Code, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AUDITED_ENTITIES } from '../../../../../../shared/schemas/office';
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

/** A record's whole trail: when, who, what, and each changed field before and after. */
export function HistoryTable({ entity, id }: { entity: Entity; id: string }) {
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
          render: (e) => {
            const keys = Object.keys(e.after ?? e.before ?? {});
            return (
              <Stack gap={2}>
                {keys.map((k) => (
                  <Text size="xs" key={k}>
                    <b>{k}</b>: {e.before && e.after ? <Code>{show(e.before[k])}</Code> : null}
                    {e.before && e.after ? ' → ' : ''}
                    <Code>{show((e.after ?? e.before)?.[k])}</Code>
                  </Text>
                ))}
              </Stack>
            );
          },
        },
      ]}
    />
  );
}
