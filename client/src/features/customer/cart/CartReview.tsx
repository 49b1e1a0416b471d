import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { smallestQuantity } from '../../../../../shared/terms';
import {
  type CartItem,
  decreaseInCart,
  increaseInCart,
  removeFromCart,
  removeManyFromCart,
  setQuantityInCart,
  termsOf,
} from '../../../cart';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { localName, unitLabel } from '../../../components/localName';
import { Money } from '../../../components/Money';
import { QuantityStepper } from '../../../components/QuantityStepper';
import { TrashIcon } from '../../../components/shopIcons';
import { reducedMark, TaxBreakdown } from '../../../components/TaxBreakdown';
import classes from './cart.module.css';
import type { LineNow } from './estimate';
import { StockShortAction } from './StockShort';
import { type CartNow, type LineState, useCartNow } from './useCartNow';

/** Why a line cannot be ordered now, in the words the rest of the app uses for it. */
function StateMark({ stock }: { stock: Exclude<LineState, 'ok'> }) {
  const { t } = useTranslation();
  const text =
    stock === 'out'
      ? t('buyer.outOfStockLine')
      : stock === 'hidden'
        ? t('cart.hiddenLine')
        : t('buyer.unavailableLine');
  return (
    <Badge
      color="red"
      variant="filled"
      tt="none"
      radius="sm"
      data-testid="stock-mark"
      // A sentence, not a label: it wraps on a phone rather than being cut.
      h="auto"
      py={2}
      style={{ whiteSpace: 'normal' }}
    >
      {text}
    </Badge>
  );
}

function CartLine({
  item,
  stock,
  now,
  left,
  onRemove,
}: {
  item: CartItem;
  stock: LineState;
  now: LineNow;
  /** What the server said is left of this counted product, when it said so. */
  left: number | undefined;
  onRemove(): void;
}) {
  const { t, i18n } = useTranslation();
  const name = localName(item, i18n.resolvedLanguage);
  const price = now.price;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="cart-line"
      data-stock={stock}
      style={stock === 'ok' ? undefined : { borderColor: 'var(--mantine-color-red-8)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lh={1.3} lang={i18n.resolvedLanguage}>
            {name}
            {reducedMark(now.rate)}
          </Text>
          <Text size="sm">
            <Text span fw={700} data-testid="cart-quantity">
              {item.quantity} {unitLabel(t, item.sku)}
            </Text>
            {price !== undefined && (
              <Text span c="dimmed" data-testid="cart-price">
                {' × '}
                <Money amount={price} />
              </Text>
            )}
          </Text>
          {price !== undefined && <Money amount={price * item.quantity} size="sm" fw={600} />}
          {now.changedFrom !== undefined && price !== undefined && stock === 'ok' && (
            <Text size="sm" fw={600} c="orange.9" data-testid="price-changed">
              {t('cart.priceChanged', {
                before: formatYen(now.changedFrom),
                now: formatYen(price),
              })}
            </Text>
          )}
          {stock !== 'ok' && <StateMark stock={stock} />}
          {stock === 'ok' && left !== undefined && item.quantity > left && (
            <Stack gap={4} align="flex-start" data-testid="stock-short">
              <Text size="sm" fw={600} c="red.9">
                {t('errors.stock.insufficient', { left, name })}
              </Text>
              <StockShortAction item={item} left={left} />
            </Stack>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          onClick={onRemove}
          aria-label={t('cart.remove', { name })}
        >
          <TrashIcon />
        </ActionIcon>
      </Group>
      {stock === 'ok' && (
        <Group justify="flex-end" mt={6}>
          <Box w={180}>
            <QuantityStepper
              name={name}
              quantity={item.quantity}
              minusDisabled={item.quantity <= smallestQuantity(termsOf(item))}
              terms={termsOf(item)}
              onDecrease={() => decreaseInCart(item.id)}
              onIncrease={() => increaseInCart(item.id)}
              onSet={(n) => setQuantityInCart(item.id, n)}
            />
          </Box>
        </Group>
      )}
    </Paper>
  );
}

/** Step 1 'ORDER REVIEW': the lines, with remove (confirmed) and increase; then CONTINUE. */
export function CartReview({
  items,
  onContinue,
  stockLeft = {},
}: {
  items: CartItem[];
  onContinue(): void;
  /** Per product, what the server said is left (a refused Place Order: "only 8 left"). */
  stockLeft?: Readonly<Record<string, number>>;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const now = useCartNow(items);
  const count = (state: LineState) => items.filter((i) => now.stateOf(i.id) === state).length;
  const unavailable = items.filter((i) => now.stateOf(i.id) !== 'ok').map((i) => i.id);
  const out = count('out');
  const hidden = count('hidden');
  const gone = count('gone');
  return (
    <Stack gap="sm">
      {unavailable.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="stock-alert">
          <Stack gap="xs" align="flex-start">
            {out > 0 && (
              <Text size="sm" fw={600}>
                {t('buyer.outOfStockSummary', { count: out })}
              </Text>
            )}
            {hidden > 0 && (
              <Text size="sm" fw={600}>
                {t('cart.hiddenSummary', { count: hidden })}
              </Text>
            )}
            {gone > 0 && (
              <Text size="sm" fw={600}>
                {t('cart.goneSummary', { count: gone })}
              </Text>
            )}
            <Button color="red" mih={44} onClick={() => removeManyFromCart(unavailable)}>
              {out === unavailable.length
                ? t('buyer.removeOutOfStock')
                : t('cart.removeUnorderable')}
            </Button>
          </Stack>
        </Alert>
      )}
      {items.map((item) => (
        <CartLine
          key={item.id}
          item={item}
          stock={now.stateOf(item.id)}
          now={now.lineOf(item)}
          left={stockLeft[item.id]}
          onRemove={() => setRemoving(item)}
        />
      ))}
      <EstimatedTotal items={items} now={now} />
      <CartBar now={now}>
        <Button size="md" onClick={onContinue} miw={140}>
          {t('cart.continue')}
        </Button>
      </CartBar>
      <ConfirmDialog
        opened={removing !== null}
        title={t('cart.confirmRemove')}
        message={t('common.undoWarning')}
        onConfirm={() => {
          if (removing) removeFromCart(removing.id);
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/**
 * The cart's total and its main action, in one bar. On a phone it stays at the bottom of the
 * screen, just above the footer bar, while the lines scroll (ADR 045); it takes its own place
 * in the page, so it never covers the last line.
 */
export function CartBar({ now, children }: { now: CartNow; children: ReactNode }) {
  const { t } = useTranslation();
  const { summary } = now.estimate;
  return (
    <Paper
      className={classes.cartBar}
      withBorder
      radius="md"
      p="sm"
      data-testid="cart-bar"
      role="region"
      aria-label={t('cart.bar')}
    >
      {/* Wraps rather than overflows where the words are long (Nepali, a narrow phone). */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t('cart.barTotal')}
          </Text>
          <Money amount={summary.total} fw={700} size="lg" data-testid="cart-bar-total" />
        </Stack>
        <Group gap="xs" wrap="nowrap" ml="auto">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The estimate, per rate with its tax and the total, as the order will be priced: at today's
 * prices, without the lines that cannot be ordered, with the customer's own minimum order (said
 * in yen before tax, as the server compares it; nothing when the customer has none). The same
 * estimate serves the change of an order placed (`change`: its new total, before it is saved).
 */
export function EstimatedTotal({
  items,
  now,
  change = false,
}: {
  items: CartItem[];
  now: CartNow;
  change?: boolean;
}) {
  const { t } = useTranslation();
  const { estimate, minimumOrder, left, changed } = now;
  const { summary, missing, charge } = estimate;
  // Only out-of-stock lines left out: said as before; hidden or withdrawn ones too: generally.
  const onlyOut = items.every((i) => ['ok', 'out'].includes(now.stateOf(i.id)));
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <TaxBreakdown
        rows={summary.perRate}
        total={summary.total}
        totalLabel={change ? t('orders.newTotal') : t('cart.estimatedTotal')}
        testId="estimated-total"
      />
      {minimumOrder && missing > 0 && (
        <Text size="sm" fw={600} c="orange.9" data-testid="minimum-note">
          {minimumOrder.rule === 'refuse'
            ? t(change ? 'orders.changeMinimumRefuse' : 'cart.minimumRefuse', {
                missing: formatYen(missing),
                minimum: formatYen(minimumOrder.value),
              })
            : t('cart.minimumCharge', {
                missing: formatYen(missing),
                minimum: formatYen(minimumOrder.value),
                charge: formatYen(charge),
              })}
        </Text>
      )}
      {changed > 0 && (
        <Text size="sm" fw={600} c="orange.9" data-testid="prices-changed">
          {change
            ? t('orders.pricesChanged', { count: changed })
            : t('cart.pricesChanged', { count: changed })}
        </Text>
      )}
      {left > 0 && (
        <Text size="xs" c="dimmed" data-testid="estimate-without-stock">
          {onlyOut
            ? t('cart.estimateWithoutOut', { count: left })
            : t('cart.estimateWithoutUnorderable', { count: left })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {change ? t('orders.changeEstimateNote') : t('cart.estimateNote')}
      </Text>
    </Paper>
  );
}
