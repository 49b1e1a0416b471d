import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOutOfStock, MAX_QUANTITY } from '../../../../shared/rules';
import { formatDate } from '../../dates';
import { errorText } from '../../errors';
import { trpc } from '../../trpc';
import { LazyDateField } from '../dates/LazyDateField';
import { localName, type Named, unitLabel } from '../localName';
import { notifyError, notifySuccess } from '../notify';
import { QuantityRow, standingQuantity } from './QuantityRow';

// Standing orders (ADR 037): the usual order per delivery weekday and the paused dates (the
// coming runs are RunCard.tsx). The customer edits its own; the office passes a customer id.

type Who = { customerId?: string };

/**
 * The level of a day's and the pauses' headings: under the customer's own screen's h1 they are
 * h2; in the office they sit under a customer's screen's "usual orders" h2, so h3 (ADR 087).
 */
const sectionOrder = (who: Who) => (who.customerId ? 3 : 2);

interface SheetItem {
  id: string;
  name: string;
  nameNe?: string | null;
  nameJa?: string | null;
  /** The product's unit (Bag, Kg, ...), when known. */
  sku?: string;
  /** Out of stock today (the customer's order sheet says so; the office's does not). */
  out?: boolean;
}

/** A product's names in each language, as a sheet item keeps them. */
const names = (p: Named) => ({ name: p.name, nameNe: p.nameNe, nameJa: p.nameJa });

/** The catalogue's products by id: a line's unit and Nepali name when its own answer lacks them. */
export function useCatalogue() {
  const products = trpc.products.list.useQuery(undefined, { staleTime: 60_000 });
  return new Map((products.data ?? []).map((p) => [p._id, p]));
}

/** Quantities typed per product: '' leaves the product out of the usual order. */
function WeekdayEditor({
  who,
  weekday,
  lines,
  sheet,
  draftsFrom,
  cutoff,
}: {
  who: Who;
  weekday: string;
  lines: {
    product: string;
    name: string;
    nameNe?: string | null;
    nameJa?: string | null;
    quantity: number;
  }[];
  sheet: SheetItem[];
  /** When this day's draft appears (weekday and time of day) and its cut-off time. */
  draftsFrom?: { weekday: string; time: string };
  cutoff?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const utils = trpc.useUtils();
  const catalogue = useCatalogue();
  const items: SheetItem[] = [
    ...lines.map((l) => {
      const onSheet = sheet.find((s) => s.id === l.product);
      const known = catalogue.get(l.product);
      return {
        id: l.product,
        name: l.name,
        nameNe: l.nameNe ?? onSheet?.nameNe ?? known?.nameNe,
        nameJa: l.nameJa ?? onSheet?.nameJa ?? known?.nameJa,
        sku: onSheet?.sku ?? known?.sku,
        out: onSheet?.out ?? (known ? isOutOfStock(known) : undefined),
      };
    }),
    ...sheet.filter((s) => !lines.some((l) => l.product === s.id)),
  ];
  const initial = () => Object.fromEntries(lines.map((l) => [l.product, String(l.quantity)]));
  const [typed, setTyped] = useState<Record<string, string>>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved lines change
  useEffect(() => setTyped(initial()), [lines]);
  const fields = useRef(new Map<string, HTMLInputElement>());
  const mine = trpc.standing.setUsual.useMutation();
  const theirs = trpc.standing.setUsualFor.useMutation();
  const heading = t(`weekday.${weekday}` as 'weekday.Monday');
  // Out of stock today, for the restaurant (ADR 100): a product not yet in the usual order
  // cannot be added, as the catalogue offers no Add for it; one already in it keeps its
  // quantity (it may come back by the delivery day) and says the draft leaves it out meanwhile.
  const outToday = (i: SheetItem) => !who.customerId && i.out === true;
  const blocked = (i: SheetItem) => outToday(i) && !lines.some((l) => l.product === i.id);
  const save = async () => {
    // What cannot be taken is said first, naming the day and the product; nothing is sent.
    const wrong = items.find((i) => standingQuantity(typed[i.id] ?? '') === 'bad');
    if (wrong) {
      notifyError(
        t('standing.lineProblem', {
          day: heading,
          name: localName(wrong, language),
          max: MAX_QUANTITY,
        }),
      );
      fields.current.get(wrong.id)?.focus();
      return;
    }
    const out = items.flatMap((i) => {
      // Not added while out of stock, as the catalogue does not add it to the cart.
      if (blocked(i)) return [];
      const n = standingQuantity(typed[i.id] ?? '');
      return typeof n === 'number' ? [{ product: i.id, quantity: n }] : [];
    });
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
      notifyError(`${heading}: ${errorText(t, error, 'errors.common.mutationFailed')}`);
    } finally {
      await utils.standing.invalidate();
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={heading}>
      <Title order={sectionOrder(who)} size="h4" mb={draftsFrom ? 2 : 'xs'}>
        {heading}
      </Title>
      {draftsFrom && cutoff && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="standing-drafts-from">
          {t('standing.draftsFrom', {
            weekday: t(`weekday.${draftsFrom.weekday}` as 'weekday.Monday'),
            time: draftsFrom.time,
            day: heading,
            cutoff,
          })}
        </Text>
      )}
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('standing.emptySheet')}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('standing.emptyMeansNone')}
          </Text>
          {items.map((i) => {
            const name = localName(i, language);
            const value = typed[i.id] ?? '';
            const closed = blocked(i);
            return (
              <QuantityRow
                key={i.id}
                name={name}
                note={
                  outToday(i) && (
                    <Text size="xs" c="red.8" data-testid="standing-out">
                      {closed ? t('product.notInStock') : t('standing.outOfStockKept')}
                    </Text>
                  )
                }
                disabled={closed}
                unit={i.sku ? unitLabel(t, i.sku) : ''}
                label={
                  closed
                    ? `${heading}: ${t('product.notInStockNamed', { name })}`
                    : `${heading}: ${name} ${t('standing.quantity')}`
                }
                placeholder={t('standing.noneShort')}
                value={value}
                onChange={(v) => setTyped((s) => ({ ...s, [i.id]: v }))}
                invalid={standingQuantity(value) === 'bad'}
                inputRef={(el) => {
                  if (el) fields.current.set(i.id, el);
                  else fields.current.delete(i.id);
                }}
              />
            );
          })}
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
      <Title order={sectionOrder(who)} size="h4" mb="xs">
        {t('standing.pauses')}
      </Title>
      <Group align="flex-end" gap="sm" mb="sm">
        <LazyDateField label={t('standing.pauseFrom')} value={from} onChange={setFrom} />
        <LazyDateField label={t('standing.pauseTo')} value={to} onChange={setTo} />
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
    ? (theirSheet.data ?? []).map((p) => ({ id: p.id, ...names(p), sku: p.sku }))
    : (mySheet.data ?? []).map((p) => ({
        id: p._id,
        ...names(p),
        sku: p.sku,
        out: isOutOfStock(p),
      }));
  return (
    <Stack gap="md">
      <Text size="sm">{t('standing.intro')}</Text>
      {days[0] && (
        <Text size="sm" data-testid="standing-drafts-when">
          {t('standing.draftsWhen', { count: days[0].leadHours, cutoff: days[0].cutoff })}
        </Text>
      )}
      {days.map((d) => (
        <WeekdayEditor
          key={d.weekday}
          who={{ customerId }}
          weekday={d.weekday}
          lines={d.lines}
          sheet={sheet}
          draftsFrom={d.draftsFrom}
          cutoff={d.cutoff}
        />
      ))}
      <Pauses who={{ customerId }} />
    </Stack>
  );
}
