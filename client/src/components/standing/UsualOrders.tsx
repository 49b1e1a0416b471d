import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../shared/format';
import { formatDate, showInstant } from '../../dates';
import { errorText } from '../../errors';
import { trpc } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';

// Standing orders (ADR 037): the usual order per delivery weekday, the paused dates, and the
// coming runs. The customer edits its own; the office passes a customer id.

type Who = { customerId?: string };

interface SheetItem {
  id: string;
  name: string;
}

/** Quantities typed per product: '' leaves the product out of the usual order. */
function WeekdayEditor({
  who,
  weekday,
  lines,
  sheet,
}: {
  who: Who;
  weekday: string;
  lines: { product: string; name: string; quantity: number }[];
  sheet: SheetItem[];
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const items: SheetItem[] = [
    ...lines.map((l) => ({ id: l.product, name: l.name })),
    ...sheet.filter((s) => !lines.some((l) => l.product === s.id)),
  ];
  const initial = () => Object.fromEntries(lines.map((l) => [l.product, String(l.quantity)]));
  const [typed, setTyped] = useState<Record<string, string>>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved lines change
  useEffect(() => setTyped(initial()), [lines]);
  const mine = trpc.standing.setUsual.useMutation();
  const theirs = trpc.standing.setUsualFor.useMutation();
  const save = async () => {
    const out = items
      .filter((i) => (typed[i.id] ?? '').trim() !== '')
      .map((i) => ({ product: i.id, quantity: Number(typed[i.id]) }));
    try {
      if (who.customerId)
        await theirs.mutateAsync({
          customerId: who.customerId,
          weekday: weekday as never,
          lines: out,
        });
      else await mine.mutateAsync({ weekday: weekday as never, lines: out });
      notifySuccess(t('standing.saved'));
    } catch (error) {
      notifyError(errorText(t, error, 'errors.common.mutationFailed'));
    } finally {
      await utils.standing.invalidate();
    }
  };
  const heading = t(`weekday.${weekday}` as 'weekday.Monday');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={heading}>
      <Title order={3} size="h4" mb="xs">
        {heading}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('standing.emptySheet')}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((i) => (
            <Group key={i.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{i.name}</Text>
              <TextInput
                aria-label={`${heading}: ${i.name} ${t('standing.quantity')}`}
                placeholder={t('standing.none')}
                inputMode="numeric"
                value={typed[i.id] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setTyped((s) => ({ ...s, [i.id]: v }));
                }}
                w={110}
              />
            </Group>
          ))}
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={mine.isPending || theirs.isPending}>
              {t('standing.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

function Pauses({ who }: Who & { who: Who }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const cid = who.customerId ?? '';
  const mineQ = trpc.standing.pauses.useQuery(undefined, { enabled: !cid });
  const theirsQ = trpc.standing.pausesFor.useQuery({ customerId: cid }, { enabled: !!cid });
  const list = (cid ? theirsQ.data : mineQ.data) ?? [];
  const add = trpc.standing.addPause.useMutation();
  const addFor = trpc.standing.addPauseFor.useMutation();
  const remove = trpc.standing.removePause.useMutation();
  const removeFor = trpc.standing.removePauseFor.useMutation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (error) {
      notifyError(errorText(t, error, 'errors.common.mutationFailed'));
    } finally {
      await utils.standing.invalidate();
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('standing.pauses')}>
      <Title order={3} size="h4" mb="xs">
        {t('standing.pauses')}
      </Title>
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput
          type="date"
          label={t('standing.pauseFrom')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('standing.pauseTo')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={!from || !to}
          onClick={() =>
            void run(() =>
              cid
                ? addFor.mutateAsync({ customerId: cid, from, to })
                : add.mutateAsync({ from, to }),
            )
          }
        >
          {t('standing.addPause')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('standing.noPauses')}
        </Text>
      ) : (
        <Stack gap={4}>
          {list.map((p) => (
            <Group key={p.id} justify="space-between">
              <Text size="sm">
                {t('standing.pauseRow', {
                  from: formatDate(p.from, i18n.language),
                  to: formatDate(p.to, i18n.language),
                })}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                onClick={() =>
                  void run(() =>
                    cid
                      ? removeFor.mutateAsync({ customerId: cid, id: p.id })
                      : remove.mutateAsync({ id: p.id }),
                  )
                }
              >
                {t('standing.removePause')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The usual orders of every delivery weekday, and the pauses. */
export function UsualOrders({ customerId }: Who) {
  const { t } = useTranslation();
  const cid = customerId ?? '';
  const mine = trpc.standing.usual.useQuery(undefined, { enabled: !cid });
  const theirs = trpc.standing.usualFor.useQuery({ customerId: cid }, { enabled: !!cid });
  const mySheet = trpc.wishlist.list.useQuery(undefined, { enabled: !cid });
  const theirSheet = trpc.standing.orderSheetFor.useQuery({ customerId: cid }, { enabled: !!cid });
  const days = (cid ? theirs.data : mine.data) ?? [];
  const sheet: SheetItem[] = cid
    ? (theirSheet.data ?? []).map((p) => ({ id: p.id, name: p.name }))
    : (mySheet.data ?? []).map((p) => ({ id: p._id, name: p.name }));
  return (
    <Stack gap="md">
      <Text size="sm">{t('standing.intro')}</Text>
      {days.map((d) => (
        <WeekdayEditor
          key={d.weekday}
          who={{ customerId }}
          weekday={d.weekday}
          lines={d.lines}
          sheet={sheet}
        />
      ))}
      <Pauses who={{ customerId }} />
    </Stack>
  );
}

export type RunView = {
  id: string;
  customerId: string;
  deliveryDate: string;
  status: string;
  skip: boolean;
  total: number;
  cutoffAt: string;
  restaurantName: string;
  lines: {
    productId: string;
    name: string;
    quantity: number;
    lineTotal: number;
    available: boolean;
    reason: string | null;
  }[];
};

/** A line's reason, as the customer reads it. */
export function useReason() {
  const { t } = useTranslation();
  return (line: RunView['lines'][number]) =>
    line.reason
      ? `${t(`errors.${line.reason}` as 'errors.standing.notAvailable', { name: line.name })}`
      : '';
}

/**
 * One coming run: a draft the customer (or the office, `forCustomer`) may change or skip until
 * the cut-off; else its state.
 */
export function RunCard({
  run,
  editable,
  forCustomer = false,
  named = false,
}: {
  run: RunView;
  editable: boolean;
  forCustomer?: boolean;
  /** Among several customers' runs: the restaurant's name in the card's label. */
  named?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const reason = useReason();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [skip, setSkip] = useState(run.skip);
  useEffect(() => {
    setTyped(Object.fromEntries(run.lines.map((l) => [l.productId, String(l.quantity)])));
    setSkip(run.skip);
  }, [run]);
  const mine = trpc.standing.updateDraft.useMutation();
  const theirs = trpc.standing.updateDraftFor.useMutation();
  const date = formatDate(run.deliveryDate, i18n.language);
  const time = showInstant(run.cutoffAt);
  const save = async (nextSkip: boolean) => {
    try {
      const change = {
        deliveryDate: run.deliveryDate,
        skip: nextSkip,
        lines: run.lines
          .filter((l) => (typed[l.productId] ?? '').trim() !== '' && typed[l.productId] !== '0')
          .map((l) => ({ product: l.productId, quantity: Number(typed[l.productId]) })),
      };
      if (forCustomer) await theirs.mutateAsync({ ...change, customerId: run.customerId });
      else await mine.mutateAsync(change);
      notifySuccess(t('standing.draftSaved'));
    } catch (error) {
      notifyError(errorText(t, error, 'errors.common.mutationFailed'));
    } finally {
      await utils.standing.invalidate();
    }
  };
  const isDraft = run.status === 'draft';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={
        named
          ? `${run.restaurantName}: ${t('standing.draftTitle', { date })}`
          : t('standing.draftTitle', { date })
      }
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('standing.draftTitle', { date })}
        </Title>
        <Badge color={isDraft ? 'blue' : run.status === 'confirmed' ? 'green' : 'gray'}>
          {skip && isDraft
            ? t('standing.status.skipped')
            : t(`standing.status.${run.status}` as 'standing.status.draft')}
        </Badge>
      </Group>
      {isDraft && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('standing.draftNote', { time })}
        </Text>
      )}
      <Stack gap={4}>
        {run.lines.map((l) => (
          <Group key={l.productId} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" td={l.available ? undefined : 'line-through'}>
                {l.name}
              </Text>
              {!l.available && (
                <Text size="xs" c="red.8">
                  {t('standing.leftOut')}: {reason(l)}
                </Text>
              )}
            </div>
            {isDraft && editable && l.available ? (
              <TextInput
                aria-label={`${named ? `${run.restaurantName}: ` : ''}${l.name} ${t('standing.quantity')}`}
                inputMode="numeric"
                value={typed[l.productId] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setTyped((s) => ({ ...s, [l.productId]: v }));
                }}
                w={90}
              />
            ) : (
              <Text size="sm">×{l.quantity}</Text>
            )}
          </Group>
        ))}
      </Stack>
      {run.total > 0 && (
        <Text size="sm" fw={600} ta="right" mt="xs">
          {t('standing.total')}: {formatYen(run.total)}
        </Text>
      )}
      {isDraft && editable && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            onClick={() => {
              setSkip(!skip);
              void save(!skip);
            }}
          >
            {skip ? t('standing.status.draft') : t('standing.skip')}
          </Button>
          <Button onClick={() => void save(skip)} loading={mine.isPending || theirs.isPending}>
            {t('standing.saveDraft')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** The home screen's coming standing orders (drafts first). */
export function ComingStandingOrders() {
  const { t } = useTranslation();
  const runs = trpc.standing.upcoming.useQuery();
  if (!runs.data || runs.data.length === 0) return null;
  return (
    <Stack gap="sm" my="md" component="section" aria-label={t('standing.upcoming')}>
      <Title order={2} size="h4">
        {t('standing.upcoming')}
      </Title>
      {runs.data.map((r) => (
        <RunCard key={r.id} run={r} editable />
      ))}
    </Stack>
  );
}
