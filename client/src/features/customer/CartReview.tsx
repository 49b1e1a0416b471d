import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Money } from '../../components/Money';
import { MinusIcon, PlusIcon, TrashIcon } from '../../components/shopIcons';
import {
  type CartItem,
  decreaseInCart,
  estimatedTotal,
  increaseInCart,
  removeFromCart,
} from './cart';

function CartLine({ item, onRemove }: { item: CartItem; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cart-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lh={1.3}>
            {item.name}
          </Text>
          <Text size="sm">
            <Text span fw={700} data-testid="cart-quantity">
              {item.quantity} {item.sku}
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
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size={36}
          onClick={onRemove}
          aria-label={t('cart.remove', { name: item.name })}
        >
          <TrashIcon />
        </ActionIcon>
      </Group>
      <Group justify="flex-end" gap="xs" mt={6}>
        <ActionIcon
          variant="light"
          size={34}
          disabled={item.quantity <= 1}
          onClick={() => decreaseInCart(item.id)}
          aria-label={t('product.decrease', { name: item.name })}
        >
          <MinusIcon size={18} />
        </ActionIcon>
        <ActionIcon
          variant="filled"
          size={34}
          onClick={() => increaseInCart(item.id)}
          aria-label={t('product.increase', { name: item.name })}
        >
          <PlusIcon size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Step 1 'ORDER REVIEW': the lines, with remove (confirmed) and increase; then CONTINUE. */
export function CartReview({ items, onContinue }: { items: CartItem[]; onContinue(): void }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <CartLine key={item.id} item={item} onRemove={() => setRemoving(item)} />
      ))}
      <EstimatedTotal items={items} />
      <Button size="md" fullWidth onClick={onContinue}>
        {t('cart.continue')}
      </Button>
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

export function EstimatedTotal({ items }: { items: CartItem[] }) {
  const { t } = useTranslation();
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between">
        <Text fw={600}>{t('cart.estimatedTotal')}</Text>
        <Money amount={estimatedTotal(items)} fw={700} size="lg" data-testid="estimated-total" />
      </Group>
      <Text size="xs" c="dimmed">
        {t('cart.estimateNote')}
      </Text>
    </Paper>
  );
}
