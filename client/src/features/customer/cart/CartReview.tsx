import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { smallestQuantity } from '../../../../../shared/terms';
import {
  type CartItem,
  decreaseInCart,
  estimatedTax,
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
import { trpc } from '../../../trpc';
import classes from './cart.module.css';

/** What the catalogue says now about a line's product: in stock, out of stock, or gone. */
type Stock = 'ok' | 'out' | 'gone';

function CartLine({
  item,
  stock,
  rate,
  onRemove,
}: {
  item: CartItem;
  stock: Stock;
  rate: 8 | 10;
  onRemove(): void;
}) {
  const { t, i18n } = useTranslation();
  const name = localName(item, i18n.resolvedLanguage);
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
            {reducedMark(rate)}
          </Text>
          <Text size="sm">
            <Text span fw={700} data-testid="cart-quantity">
              {item.quantity} {unitLabel(t, item.sku)}
            </Text>
            {item.price !== undefined && (
              <Text span c="dimmed">
                {' × '}
                <Money amount={item.price} />
              </Text>
            )}
          </Text>
          {item.price !== undefined && (
            <Money amount={item.price * item.quantity} size="sm" fw={600} />
          )}
          {stock !== 'ok' && (
            <Badge color="red" variant="filled" tt="none" radius="sm" data-testid="stock-mark">
              {stock === 'out' ? t('buyer.outOfStockLine') : t('buyer.unavailableLine')}
            </Badge>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          onClick={onRemove}
          aria-label={t('cart.remove', { name: item.name })}
        >
          <TrashIcon />
        </ActionIcon>
      </Group>
      {stock === 'ok' && (
        <Group justify="flex-end" mt={6}>
          <Box w={180}>
            <QuantityStepper
              name={item.name}
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

/**
 * The cart's lines against fresh product data (read again each time the cart opens): lines
 * whose product is out of stock or no longer sold are marked before Place Order.
 */
function useStock(): (id: string) => Stock {
  const products = trpc.products.list.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
  return (id) => {
    // Until the answer arrives (or if it fails) nothing is marked: the server still checks.
    if (!products.data) return 'ok';
    const product = byId.get(id);
    if (!product) return 'gone';
    return product.itemType === 'Out of Stock' ? 'out' : 'ok';
  };
}

/** Step 1 'ORDER REVIEW': the lines, with remove (confirmed) and increase; then CONTINUE. */
export function CartReview({ items, onContinue }: { items: CartItem[]; onContinue(): void }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const stockOf = useStock();
  const rateOf = useRates();
  const unavailable = items.filter((i) => stockOf(i.id) !== 'ok').map((i) => i.id);
  return (
    <Stack gap="sm">
      {unavailable.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="stock-alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={600}>
              {t('buyer.outOfStockSummary', { count: unavailable.length })}
            </Text>
            <Button color="red" mih={44} onClick={() => removeManyFromCart(unavailable)}>
              {t('buyer.removeOutOfStock')}
            </Button>
          </Stack>
        </Alert>
      )}
      {items.map((item) => (
        <CartLine
          key={item.id}
          item={item}
          stock={stockOf(item.id)}
          rate={rateOf(item.id)}
          onRemove={() => setRemoving(item)}
        />
      ))}
      <EstimatedTotal items={items} />
      <CartBar items={items}>
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

/** Each product's current rate from the catalogue (the reduced rate until it answers). */
function useRates(): (id: string) => 8 | 10 {
  const products = trpc.products.list.useQuery(undefined, { staleTime: 60_000 });
  const byId = new Map((products.data ?? []).map((p) => [p._id, p.taxRate]));
  return (id) => byId.get(id) ?? 8;
}

/** The minimum order (the terms' "more than 20,000 Yen"), tax included, in whole yen. */
export const MINIMUM_ORDER_YEN = 20_000;

/**
 * The estimate, per rate with its tax and the total, as the order will be priced. Lines out of
 * stock or no longer sold are left out (they cannot be delivered), and the distance to the
 * minimum order is said in yen.
 */
/** The estimate of the lines that can be delivered (in stock, still sold), as priced. */
function useEstimate(all: CartItem[]) {
  const rateOf = useRates();
  const stockOf = useStock();
  const items = all.filter((i) => stockOf(i.id) === 'ok');
  const settings = trpc.settings.tax.useQuery(undefined, { staleTime: 60_000 });
  const summary = estimatedTax(
    items,
    rateOf,
    settings.data?.basis ?? 'exclusive',
    settings.data?.rounding ?? 'down',
  );
  return { summary, left: all.length - items.length };
}

/**
 * The cart's total and its main action, in one bar. On a phone it stays at the bottom of the
 * screen, just above the footer bar, while the lines scroll (ADR 045); it takes its own place
 * in the page, so it never covers the last line.
 */
export function CartBar({ items, children }: { items: CartItem[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { summary } = useEstimate(items);
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

export function EstimatedTotal({ items: all }: { items: CartItem[] }) {
  const { t } = useTranslation();
  const { summary, left } = useEstimate(all);
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <TaxBreakdown
        rows={summary.perRate}
        total={summary.total}
        totalLabel={t('cart.estimatedTotal')}
        testId="estimated-total"
      />
      {summary.total < MINIMUM_ORDER_YEN && (
        <Text size="sm" fw={600} c="orange.9" data-testid="minimum-note">
          {t('cart.belowMinimum', {
            missing: formatYen(MINIMUM_ORDER_YEN - summary.total),
            minimum: formatYen(MINIMUM_ORDER_YEN),
          })}
        </Text>
      )}
      {left > 0 && (
        <Text size="xs" c="dimmed" data-testid="estimate-without-stock">
          {t('cart.estimateWithoutOut', { count: left })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('cart.estimateNote')}
      </Text>
    </Paper>
  );
}
