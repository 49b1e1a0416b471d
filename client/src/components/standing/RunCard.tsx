import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatOrderNumber, formatYen } from '../../../../shared/format';
import { MAX_QUANTITY } from '../../../../shared/rules';
import { formatDate, showInstant } from '../../dates';
import { errorText } from '../../errors';
import { trpc } from '../../trpc';
import { localName, unitLabel } from '../localName';
import { notifyError, notifySuccess } from '../notify';
import { QuantityRow, standingQuantity } from './QuantityRow';
import { useCatalogue } from './UsualOrders';

// A standing order's coming run (ADR 037): the draft the customer, or the office for it, may
// change or skip until the cut-off, and the home screen's list of them.

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
    nameJa?: string | null;
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
    localName(
      {
        name: l.name,
        nameNe: l.nameNe ?? catalogue.get(l.productId)?.nameNe,
        nameJa: l.nameJa ?? catalogue.get(l.productId)?.nameJa,
      },
      language,
    );
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
