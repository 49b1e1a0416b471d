import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatOrderNumber, formatYen } from '../../../../shared/format';
import { MAX_QUANTITY } from '../../../../shared/rules';
import { parseQuantity, typedNumber } from '../../cart';
import { formatDate, showInstant } from '../../dates';
import { errorText } from '../../errors';
import { trpc } from '../../trpc';
import { localName, unitLabel } from '../localName';
import { notifyError, notifySuccess } from '../notify';

// Standing orders (ADR 037): the usual order per delivery weekday, the paused dates, and the
// coming runs. The customer edits its own; the office passes a customer id.

type Who = { customerId?: string };

interface SheetItem {
  id: string;
  name: string;
  nameNe?: string | null;
  /** The product's unit (Bag, Kg, ...), when known. */
  sku?: string;
}

/**
 * A typed quantity of a usual order or a draft: `null` for none (empty or 0: the line is left
 * out), the number, or 'bad' for anything else (letters, a fraction, more than 9999). Western
 * and Devanagari digits alike, as the cart takes them ("१०" is 10).
 */
export function standingQuantity(text: string): number | null | 'bad' {
  if (text.trim() === '') return null;
  const typed = typedNumber(text);
  if (typed === 0) return null;
  const n = parseQuantity(text);
  return n !== null && n === typed ? n : 'bad';
}

/** The quantity field's width (its unit inside it, at the right), the same on every row. */
const FIELD_WIDTH = 140;
const UNIT_WIDTH = 56;

/** A row: the product's name taking what is left, the field at the right, a message under both. */
const ROW: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `minmax(0, 1fr) ${FIELD_WIDTH}px`,
  columnGap: 'var(--mantine-spacing-xs)',
  alignItems: 'center',
};

/**
 * One product's row: its name (with a note under it), the quantity field with its unit inside
 * it, and, when what is typed cannot be taken, the field's own error under the row (the field
 * names it as its description) saying so.
 */
function QuantityRow({
  name,
  note,
  struck = false,
  unit,
  label,
  placeholder,
  value,
  onChange,
  invalid,
  inputRef,
  readOnly,
}: {
  name: string;
  note?: ReactNode;
  struck?: boolean;
  unit: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange?(value: string): void;
  invalid: boolean;
  inputRef?: (el: HTMLInputElement | null) => void;
  /** Shown instead of the field (a draft that can no longer change). */
  readOnly?: string;
}) {
  const { t } = useTranslation();
  const title = (
    <>
      <Text span size="sm" display="block" td={struck ? 'line-through' : undefined}>
        {name}
      </Text>
      {note}
    </>
  );
  const unitText = (
    <Text span size="sm" c="dimmed" data-testid="standing-unit">
      {unit}
    </Text>
  );
  if (readOnly !== undefined) {
    return (
      <div data-testid="standing-row" style={ROW}>
        <div>{title}</div>
        <Text size="sm" ta="right">
          {readOnly} {unitText}
        </Text>
      </div>
    );
  }
  return (
    <TextInput
      wrapperProps={{ 'data-testid': 'standing-row' }}
      ref={inputRef}
      label={title}
      aria-label={label}
      placeholder={placeholder}
      inputMode="numeric"
      enterKeyHint="done"
      value={value}
      onChange={(e) => onChange?.(e.currentTarget.value)}
      error={invalid ? t('standing.quantityProblem', { max: MAX_QUANTITY }) : undefined}
      rightSection={unitText}
      rightSectionWidth={UNIT_WIDTH}
      rightSectionPointerEvents="none"
      styles={{
        root: ROW,
        label: { gridColumn: 1, fontWeight: 400 },
        wrapper: { gridColumn: 2 },
        error: { gridColumn: '1 / -1', textAlign: 'right' },
        input: { textAlign: 'right' },
      }}
    />
  );
}

/** The catalogue's products by id: a line's unit and Nepali name when its own answer lacks them. */
function useCatalogue() {
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
  lines: { product: string; name: string; nameNe?: string | null; quantity: number }[];
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
        sku: onSheet?.sku ?? known?.sku,
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
      <Title order={3} size="h4" mb={draftsFrom ? 2 : 'xs'}>
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
            return (
              <QuantityRow
                key={i.id}
                name={name}
                unit={i.sku ? unitLabel(t, i.sku) : ''}
                label={`${heading}: ${name} ${t('standing.quantity')}`}
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
    ? (theirSheet.data ?? []).map((p) => ({ id: p.id, name: p.name, nameNe: p.nameNe, sku: p.sku }))
    : (mySheet.data ?? []).map((p) => ({ id: p._id, name: p.name, nameNe: p.nameNe, sku: p.sku }));
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

export type RunView = {
  id: string;
  customerId: string;
  deliveryDate: string;
  status: string;
  skip: boolean;
  total: number;
  cutoffAt: string;
  restaurantName: string;
  /** Why a run ended without an order (an error code), e.g. `standing.alreadyOrdered`. */
  reason?: string | null;
  /** The customer's other orders for this date: while there is one, nothing is placed. */
  otherOrders?: { id: string; orderNumber: number }[];
  lines: {
    productId: string;
    name: string;
    nameNe?: string | null;
    sku?: string;
    quantity: number;
    lineTotal: number;
    available: boolean;
    reason: string | null;
  }[];
};

/** A line's reason, as the customer reads it. */
export function useReason() {
  const { t, i18n } = useTranslation();
  return (line: RunView['lines'][number]) =>
    line.reason
      ? `${t(`errors.${line.reason}` as 'errors.standing.notAvailable', { name: localName(line, i18n.resolvedLanguage) })}`
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
  const language = i18n.resolvedLanguage;
  const utils = trpc.useUtils();
  const reason = useReason();
  const catalogue = useCatalogue();
  const fields = useRef(new Map<string, HTMLInputElement>());
  const [typed, setTyped] = useState<Record<string, string>>({});
  // What the server holds (kept from the last answer until the list is read again).
  const [skip, setSkip] = useState(run.skip);
  useEffect(() => {
    setTyped(Object.fromEntries(run.lines.map((l) => [l.productId, String(l.quantity)])));
    setSkip(run.skip);
  }, [run]);
  const mine = trpc.standing.updateDraft.useMutation();
  const theirs = trpc.standing.updateDraftFor.useMutation();
  const date = formatDate(run.deliveryDate, i18n.language);
  const time = showInstant(run.cutoffAt);
  const nameOf = (l: RunView['lines'][number]) =>
    localName({ name: l.name, nameNe: l.nameNe ?? catalogue.get(l.productId)?.nameNe }, language);
  const unitOf = (l: RunView['lines'][number]) => {
    const sku = l.sku || catalogue.get(l.productId)?.sku;
    return sku ? unitLabel(t, sku) : '';
  };
  const save = async (nextSkip: boolean) => {
    // Only the lines that can still change are typed; the others keep their quantity. Skipping
    // or ordering after all keeps the saved quantities (the fields are read-only while skipped).
    const quantityOf = (l: RunView['lines'][number]) =>
      typed[l.productId] === undefined || nextSkip !== skip
        ? l.quantity
        : standingQuantity(typed[l.productId] ?? '');
    const wrong = run.lines.find((l) => quantityOf(l) === 'bad');
    if (wrong) {
      notifyError(t('standing.lineProblem', { day: date, name: nameOf(wrong), max: MAX_QUANTITY }));
      fields.current.get(wrong.productId)?.focus();
      return;
    }
    try {
      const change = {
        deliveryDate: run.deliveryDate,
        skip: nextSkip,
        lines: run.lines.flatMap((l) => {
          const n = quantityOf(l);
          return typeof n === 'number' ? [{ product: l.productId, quantity: n }] : [];
        }),
      };
      const saved = forCustomer
        ? await theirs.mutateAsync({ ...change, customerId: run.customerId })
        : await mine.mutateAsync(change);
      setSkip(saved.skip);
      if (saved.skip)
        setTyped(Object.fromEntries(saved.lines.map((l) => [l.productId, String(l.quantity)])));
      notifySuccess(
        nextSkip === skip
          ? t('standing.draftSaved')
          : nextSkip
            ? t('standing.skippedToast')
            : t('standing.unskippedToast', { time }),
      );
    } catch (error) {
      notifyError(errorText(t, error, 'errors.common.mutationFailed'));
    } finally {
      await utils.standing.invalidate();
    }
  };
  const isDraft = run.status === 'draft';
  const skipped = isDraft && skip;
  const others = run.otherOrders ?? [];
  const numbers = others.map((o) => formatOrderNumber(o.orderNumber)).join(', ');
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
        <Badge
          color={
            skipped ? 'gray' : isDraft ? 'blue' : run.status === 'confirmed' ? 'green' : 'gray'
          }
        >
          {skipped
            ? t('standing.status.skipped')
            : t(`standing.status.${run.status}` as 'standing.status.draft')}
        </Badge>
      </Group>
      {skipped ? (
        <Text size="sm" fw={600} mb="xs" data-testid="standing-note">
          {t('standing.skippedNote', { date })}
        </Text>
      ) : isDraft && others.length > 0 ? (
        <Alert color="orange" variant="light" p="xs" mb="xs" data-testid="standing-note">
          <Text size="sm">{t('standing.alreadyOrdered', { count: others.length, numbers })}</Text>
          {!forCustomer && (
            <Group gap="xs" mt={6}>
              {others.map((o) => (
                <Button
                  key={o.id}
                  component={Link}
                  to={`/customer/orderdetails/${o.id}`}
                  size="xs"
                  variant="light"
                  mih={44}
                >
                  {t('standing.openOrder', { number: formatOrderNumber(o.orderNumber) })}
                </Button>
              ))}
            </Group>
          )}
        </Alert>
      ) : isDraft ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="standing-note">
          {t('standing.draftNote', { time })}
        </Text>
      ) : run.reason === 'standing.alreadyOrdered' ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="standing-note">
          {others.length > 0
            ? t('standing.notPlacedAlreadyOrdered', { count: others.length, numbers })
            : t('errors.standing.alreadyOrdered')}
        </Text>
      ) : null}
      <Stack gap={4}>
        {run.lines.map((l) => {
          const name = nameOf(l);
          const value = typed[l.productId] ?? '';
          const canType = isDraft && !skipped && editable && l.available;
          return (
            <QuantityRow
              key={l.productId}
              name={name}
              struck={!l.available}
              note={
                !l.available && (
                  <Text size="xs" c="red.8">
                    {t('standing.leftOut')}: {reason(l)}
                  </Text>
                )
              }
              unit={unitOf(l)}
              label={`${named ? `${run.restaurantName}: ` : ''}${name} ${t('standing.quantity')}`}
              value={value}
              onChange={(v) => setTyped((s) => ({ ...s, [l.productId]: v }))}
              invalid={canType && standingQuantity(value) === 'bad'}
              inputRef={(el) => {
                if (el) fields.current.set(l.productId, el);
                else fields.current.delete(l.productId);
              }}
              readOnly={canType ? undefined : `×${l.quantity}`}
            />
          );
        })}
      </Stack>
      {run.total > 0 && (
        <Text size="sm" fw={600} ta="right" mt="xs">
          {t('standing.total')}: {formatYen(run.total)}
        </Text>
      )}
      {isDraft && editable && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant={skipped ? 'filled' : 'default'}
            onClick={() => void save(!skip)}
            loading={mine.isPending || theirs.isPending}
          >
            {skipped ? t('standing.unskip') : t('standing.skip')}
          </Button>
          {!skipped && (
            <Button onClick={() => void save(skip)} loading={mine.isPending || theirs.isPending}>
              {t('standing.saveDraft')}
            </Button>
          )}
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
