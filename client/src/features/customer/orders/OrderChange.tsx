import {
  ActionIcon,
  Alert,
  Box,
  Button,
  type ComboboxItem,
  Group,
  type OptionsFilter,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatOrderNumber, formatYen } from '../../../../../shared/format';
import type { ProductOut } from '../../../../../shared/schemas/catalogue';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import { asTaxRate } from '../../../../../shared/tax';
import { smallestQuantity, stepQuantity } from '../../../../../shared/terms';
import { newAttemptKey } from '../../../attemptKey';
import { type CartItem, termsOf } from '../../../cart';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { localName, unitLabel } from '../../../components/localName';
import { QuantityStepper } from '../../../components/QuantityStepper';
import { TrashIcon } from '../../../components/shopIcons';
import { afterDialogEntry, useBackCloses } from '../../../components/useBackCloses';
import { showDate } from '../../../dates';
import { errorText } from '../../../errors';
import { trpc } from '../../../trpc';
import { EstimatedTotal } from '../cart/CartReview';
import { type CartNow, useCartNow } from '../cart/useCartNow';
import { matchesName } from '../catalogue/search';
import { ChangeClosedNote } from './ChangeClosedNote';
import { ChangeRefusal } from './ChangeRefusal';

// The customer's change and cancellation of their own order, until the cut-off of its
// delivery day (ADR 043). The server decides whether it is still allowed and prices the
// change; the screen only shows what the server says.

/** 'Changeable until 04:00 on 11/28/2026', or nothing once the order can no longer change. */
export function ChangeableUntil({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const window = trpc.orders.changeWindow.useQuery({ id: orderId });
  if (!window.data?.changeable) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="changeable-until">
      {t('orders.changeableUntil', {
        time: window.data.cutoff,
        date: showDate(window.data.deliveryDate),
      })}
    </Text>
  );
}

/**
 * In the history's popup: the note and a way to the order's page, where it is changed; once
 * closed, why and whom to call.
 */
export function ChangeLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const window = trpc.orders.changeWindow.useQuery({ id: orderId });
  if (window.data && !window.data.changeable) {
    return <ChangeClosedNote window={window.data} mt="md" />;
  }
  if (!window.data?.changeable) return null;
  return (
    <Stack gap={4} mt="md">
      <ChangeableUntil orderId={orderId} />
      <Button component={Link} to={`/customer/orderdetails/${orderId}`} variant="light">
        {t('orders.change')}
      </Button>
    </Stack>
  );
}

interface EditLine {
  product: string;
  name: string;
  nameNe?: string | null;
  nameJa?: string | null;
  sku: string;
  quantity: number;
  minQuantity: number;
  lot: number;
  /** The unit price the order has now (a product added here: the catalogue's). */
  price?: number;
  /** The tax rate the line was placed at (none for a product added here). */
  placedRate?: number;
}

/** The lines being edited as the cart's estimate takes them (the same code prices both). */
const asCartItems = (lines: readonly EditLine[]): CartItem[] =>
  lines.map((l) => ({
    id: l.product,
    name: l.name,
    nameNe: l.nameNe,
    nameJa: l.nameJa,
    sku: l.sku,
    quantity: l.quantity,
    ...(l.price !== undefined ? { price: l.price } : {}),
  }));

/**
 * What moved on a line since the order was placed: its price (the catalogue's now, the customer's
 * own) and its tax rate (its category's or its own now). Nothing for a product added here, or
 * while the catalogue has not answered (or no longer offers it).
 */
function movedSincePlaced(
  line: EditLine,
  item: CartItem | undefined,
  now: CartNow,
  product: ProductOut | undefined,
): { price?: { before: number; now: number }; rate?: { before: number; now: number } } {
  if (!product || !item) return {};
  const priced = now.lineOf(item);
  const rateNow = asTaxRate(product.taxRate);
  return {
    ...(priced.changedFrom !== undefined && priced.price !== undefined
      ? { price: { before: priced.changedFrom, now: priced.price } }
      : {}),
    ...(line.placedRate !== undefined && line.placedRate !== rateNow
      ? { rate: { before: line.placedRate, now: rateNow } }
      : {}),
  };
}

function useInvalidateOrders() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.orders.byId.invalidate(),
      utils.orders.mine.invalidate(),
      utils.orders.changeWindow.invalidate(),
      utils.orders.sameDay.invalidate(),
      utils.products.list.invalidate(),
    ]);
  };
}

/** The lines with steppers (the cart's lots and minimums), remove, add a product, save. */
function ChangeForm({
  order,
  onDone,
}: {
  order: OrderOut;
  onDone(changed: OrderOut | null): void;
}) {
  const { t, i18n } = useTranslation();
  const { client } = trpc.useUtils();
  const products = trpc.products.list.useQuery(undefined, { staleTime: 0 });
  const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
  const [lines, setLines] = useState<EditLine[]>(() =>
    order.orderItems
      .filter((l) => l.product !== null)
      .map((l) => ({
        product: l.product as string,
        name: l.name,
        nameNe: l.nameNe ?? null,
        nameJa: l.nameJa ?? null,
        sku: l.sku,
        quantity: l.quantity,
        minQuantity: 1,
        lot: 1,
        price: l.price,
        placedRate: l.taxRate,
      })),
  );
  // The new total as the quantities change: the change is priced again as a placement is (at
  // today's prices, the customer's own minimum order), so the cart's estimate says it.
  const items = asCartItems(lines);
  const now = useCartNow(items);
  const invalidate = useInvalidateOrders();
  const save = useMutation({
    mutationKey: getMutationKey(trpc.orders.change),
    mutationFn: (items: EditLine[]) =>
      client.orders.change.mutate(
        {
          id: order._id,
          orderItems: items.map((l) => ({ product: l.product, quantity: l.quantity })),
        },
        { context: { idempotencyKey: newAttemptKey() } },
      ),
    onSuccess: async (changed) => {
      await invalidate();
      onDone(changed);
    },
  });
  // The product's terms as the catalogue says now (the line's own until it answers).
  const termsFor = (l: EditLine) => termsOf(byId.get(l.product) ?? l);
  const setQuantity = (product: string, quantity: number) =>
    setLines((ls) => ls.map((l) => (l.product === product ? { ...l, quantity } : l)));
  const removeLine = (product: string) => setLines((ls) => ls.filter((x) => x.product !== product));
  const language = i18n.resolvedLanguage;
  const addable = (products.data ?? [])
    .filter((p) => p.itemType !== 'Out of Stock' && !lines.some((l) => l.product === p._id))
    .map((p) => ({ value: p._id, label: localName(p, language) }));
  // The catalogue's forgiving search over its names ("ghee" finds "घ्यू" in Nepali).
  const namesOf = new Map((products.data ?? []).map((p) => [p._id, [p.name, p.nameNe, p.nameJa]]));
  const filterAddable: OptionsFilter<string> = ({ options, search }) =>
    (options as ComboboxItem<string>[]).filter((o) =>
      matchesName(namesOf.get(o.value) ?? o.label, search),
    );

  return (
    <Stack gap="sm" data-testid="change-form">
      {lines.map((l, i) => {
        const terms = termsFor(l);
        const moved = movedSincePlaced(l, items[i], now, byId.get(l.product));
        return (
          <Paper key={l.product} withBorder radius="md" p="sm" data-testid="change-line">
            <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
              <Text fw={600} size="sm" style={{ minWidth: 0 }}>
                {localName(l, language)} ({unitLabel(t, l.sku)})
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size={44}
                onClick={() => removeLine(l.product)}
                aria-label={t('orders.removeLine', { name: localName(l, language) })}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
            {/* The change is priced again at today's price and rate (ADR 053, 091): what moved
              since the order was placed, as the cart says what moved since a line was added. */}
            {moved.price && (
              <Text size="sm" fw={600} c="orange.9" data-testid="line-price-changed">
                {t('orders.linePriceChanged', {
                  before: formatYen(moved.price.before),
                  now: formatYen(moved.price.now),
                })}
              </Text>
            )}
            {moved.rate && (
              <Text size="sm" fw={600} c="orange.9" data-testid="line-rate-changed">
                {t('orders.lineRateChanged', moved.rate)}
              </Text>
            )}
            <Group justify="flex-end" mt={6}>
              <Box w={180}>
                <QuantityStepper
                  name={localName(l, language)}
                  quantity={l.quantity}
                  terms={terms}
                  minusDisabled={l.quantity <= smallestQuantity(terms)}
                  onDecrease={() => setQuantity(l.product, stepQuantity(terms, l.quantity, -1))}
                  onIncrease={() => setQuantity(l.product, stepQuantity(terms, l.quantity, 1))}
                  onSet={(n) => setQuantity(l.product, n)}
                />
              </Box>
            </Group>
          </Paper>
        );
      })}
      {lines.length === 0 && (
        <Text size="sm" c="orange.9">
          {t('orders.noLinesLeft')}
        </Text>
      )}
      <Select
        label={t('orders.addProduct')}
        placeholder={t('orders.addProductPlaceholder')}
        data={addable}
        searchable
        filter={filterAddable}
        value={null}
        onChange={(id) => {
          const p = id ? byId.get(id) : undefined;
          if (!p) return;
          setLines((ls) => [
            ...ls,
            {
              product: p._id,
              name: p.name,
              nameNe: p.nameNe ?? null,
              nameJa: p.nameJa ?? null,
              sku: p.sku,
              quantity: smallestQuantity(termsOf(p)),
              minQuantity: p.minQuantity,
              lot: p.lot,
              price: p.price,
            },
          ]);
        }}
      />
      {lines.length > 0 && <EstimatedTotal items={items} now={now} change />}
      {save.isError && (
        <ChangeRefusal
          error={save.error}
          lines={lines}
          termsFor={termsFor}
          // The refusal no longer stands once the line is as the server said it can be.
          onReduce={(product, quantity) => {
            setQuantity(product, quantity);
            save.reset();
          }}
          onRemove={(product) => {
            removeLine(product);
            save.reset();
          }}
        />
      )}
      {/* Side by side when both labels fit, one under the other when not (Nepali's at 360 px):
        a button cuts a label that does not fit. */}
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => onDone(null)}
          disabled={save.isPending}
          style={{ flex: '1 1 auto' }}
        >
          {t('orders.discardChange')}
        </Button>
        <Button
          onClick={() => save.mutate(lines)}
          disabled={save.isPending || lines.length === 0}
          style={{ flex: '1 1 auto' }}
        >
          {save.isPending ? t('orders.savingChange') : t('orders.saveChange')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Change order and Cancel order (confirmed), shown only while the server allows them; once it
 * does not, a note says why and whom to call.
 */
export function OrderChangeActions({ order }: { order: OrderOut }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { client } = utils;
  const window = trpc.orders.changeWindow.useQuery({ id: order._id });
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [changed, setChanged] = useState<OrderOut | null>(null);
  const cancel = useMutation({
    mutationKey: getMutationKey(trpc.orders.cancel),
    mutationFn: () =>
      client.orders.cancel.mutate(
        { id: order._id },
        { context: { idempotencyKey: newAttemptKey() } },
      ),
    onSuccess: async (done) => {
      // The confirmation closes first, and its history entry is gone before the page is left:
      // the history list replaces the order's page, not the dialog's entry (useBackCloses).
      setConfirming(false);
      await afterDialogEntry();
      // The order is gone: its page's reads are marked stale, not read again (they would 404).
      await Promise.all([
        utils.orders.byId.invalidate(undefined, { refetchType: 'none' }),
        utils.orders.changeWindow.invalidate(undefined, { refetchType: 'none' }),
        utils.orders.mine.invalidate(),
        utils.orders.cancelledMine.invalidate(),
        utils.orders.sameDay.invalidate(),
        utils.products.list.invalidate(),
      ]);
      navigate('/customer/myorderlist', {
        replace: true,
        state: { cancelled: done.orderNumber },
      });
    },
  });

  // The phone's Back button answers "Keep the order" (held while the cancel is on its way).
  useBackCloses(confirming, () => {
    if (!cancel.isPending) setConfirming(false);
  });

  if (window.data && !window.data.changeable) return <ChangeClosedNote window={window.data} />;
  if (!window.data?.changeable) return null;
  return (
    <Stack gap="sm" className="no-print" data-testid="order-change">
      {changed && (
        <Alert color="green" variant="light" role="status" data-testid="order-changed">
          {t('orders.changed', {
            orderNumber: formatOrderNumber(changed.orderNumber),
            total: formatYen(changed.totalPrice),
          })}
        </Alert>
      )}
      {cancel.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, cancel.error, 'errors.common.mutationFailed')}
        </Alert>
      )}
      {editing ? (
        <ChangeForm
          order={order}
          onDone={(result) => {
            setEditing(false);
            setChanged(result);
          }}
        />
      ) : (
        <Group gap="xs">
          <Button
            onClick={() => {
              setChanged(null);
              setEditing(true);
            }}
          >
            {t('orders.change')}
          </Button>
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            {t('orders.cancel')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('orders.cancelTitle', { orderNumber: formatOrderNumber(order.orderNumber) })}
        message={t('orders.cancelMessage')}
        confirmLabel={t('orders.cancelConfirm')}
        cancelLabel={t('orders.cancelKeep')}
        onConfirm={async () => {
          await cancel.mutateAsync().catch(() => undefined);
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
