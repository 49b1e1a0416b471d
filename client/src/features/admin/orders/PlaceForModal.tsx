import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { MAX_QUANTITY } from '../../../../../shared/rules';
import type { LastOrderOut } from '../../../../../shared/schemas/office-lists';
import { asTaxRate } from '../../../../../shared/tax';
import { estimateOrder } from '../../../../../shared/terms';
import { DateField } from '../../../components/dates/DateField';
import { unitLabel } from '../../../components/localName';
import { notifySuccess } from '../../../components/notify';
import { TaxBreakdown } from '../../../components/TaxBreakdown';
import { showDate } from '../../../dates';
import { errorText, failureOf } from '../../../errors';
import { errorMessage, keyedClient, newKey, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { CustomerPicker } from '../office/shared/CustomerPicker';

interface Line {
  product: string | null;
  quantity: number;
  /** The product's name when it was chosen: said if another customer's catalogue lacks it. */
  name?: string;
}

const EMPTY_LINE: Line = { product: null, quantity: 1 };

/**
 * An order phoned in: the office picks the customer, then the lines from that customer's own
 * catalogue (its prices, without what is hidden from it: `products.forCustomer`) with a running
 * total, and the date; the server applies the customer's own rules (cut-off, holidays, stock,
 * minimum order) and prices every line again.
 */
export function PlaceForModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const catalogue = trpc.products.forCustomer.useQuery(
    { customerId: customerId ?? '' },
    { enabled: opened && !!customerId },
  );
  const taxSettings = trpc.settings.tax.useQuery(undefined, { enabled: opened, staleTime: 60_000 });
  // The customer's minimum order and delivery charge: the total read out on the phone is the
  // one placement will make.
  const terms = trpc.orders.termsFor.useQuery(
    { customerId: customerId ?? '', products: [] },
    { enabled: opened && !!customerId },
  );
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, { enabled: opened });
  const [lines, setLines] = useState<Line[]>([EMPTY_LINE]);
  /** Products taken off the lines because the chosen customer is not offered them. */
  const [removed, setRemoved] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  /** What Place Order found missing: said at that field, which takes the focus. */
  const [missingField, setMissingField] = useState<'customer' | 'product' | 'date' | null>(null);
  const customerField = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newKey);
  const [last, setLast] = useState<LastOrderOut | null>(null);
  const [loadingLast, setLoadingLast] = useState(false);
  // 'Add line' leaves its button: the new line's product field is where typing goes next.
  const productFields = useRef<(HTMLInputElement | null)[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    productFields.current[added]?.focus();
    setAdded(null);
  }, [added]);

  /** Fills the lines from the customer's latest order; what cannot be ordered is shown, not added. */
  const startFromLast = async () => {
    setError('');
    if (!customerId) {
      setError(t('lists.lastOrder.needCustomer'));
      return;
    }
    setLoadingLast(true);
    try {
      const found = await utils.orders.lastOf.fetch({ customerId }, { staleTime: 0 });
      setLast(found);
      const usable = found.lines.filter((l) => l.problem === null && l.productId);
      if (usable.length > 0) {
        setLines(usable.map((l) => ({ product: l.productId, quantity: l.quantity, name: l.name })));
        setKey(newKey());
      }
    } catch (e) {
      setError(errorText(t, e, 'errors.common.fetchFailed'));
    } finally {
      setLoadingLast(false);
    }
  };

  useEffect(() => {
    if (calendar.data && !date) setDate(calendar.data.earliest);
  }, [calendar.data, date]);

  const offered = new Map((catalogue.data ?? []).map((p) => [p._id, p]));
  const productData = (catalogue.data ?? [])
    .filter((p) => p.itemType !== 'Out of Stock')
    .map((p) => ({
      value: p._id,
      label: `${p.name} (${unitLabel(t, p.sku)}) ${formatYen(p.price)}`,
    }));

  // Lines chosen before the customer changed: what this customer is not offered comes off
  // (and is said), rather than being refused at placement.
  useEffect(() => {
    if (!catalogue.data) return;
    const ids = new Set(catalogue.data.map((p) => p._id));
    const gone = lines.filter((l) => l.product && !ids.has(l.product));
    if (gone.length === 0) return;
    const kept = lines.filter((l) => !l.product || ids.has(l.product));
    setLines(kept.length > 0 ? kept : [EMPTY_LINE]);
    setRemoved(gone.map((l) => l.name ?? ''));
    setKey(newKey());
  }, [catalogue.data, lines]);

  /** The lines as this customer pays them, with its terms, for the running total. */
  const priced = lines.flatMap((l) => {
    const p = l.product ? offered.get(l.product) : undefined;
    return p ? [{ price: p.price, quantity: l.quantity, rate: asTaxRate(p.taxRate) }] : [];
  });
  const { summary, missing, charge } = estimateOrder(
    priced,
    terms.data?.minimumOrder,
    taxSettings.data?.basis ?? 'exclusive',
    taxSettings.data?.rounding ?? 'down',
  );
  const minimumOrder = terms.data?.minimumOrder;

  const change = (i: number, patch: Partial<Line>) => {
    setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    setKey(newKey());
  };

  const submit = async () => {
    setError('');
    const chosen = lines.filter((l) => l.product);
    const missing = !customerId
      ? 'customer'
      : chosen.length === 0
        ? 'product'
        : !date
          ? 'date'
          : null;
    setMissingField(missing);
    if (missing || !customerId) {
      // Said at the field (aria-invalid, described by the message) and focused there: a message
      // at the foot of the dialog saying "this field" named no field.
      if (missing === 'customer') customerField.current?.focus();
      else if (missing === 'product') productFields.current[0]?.focus();
      else document.getElementById('place-for-date')?.focus();
      return;
    }
    setBusy(true);
    try {
      const order = await keyedClient.orders.placeFor.mutate(
        {
          customerId,
          deliveryDate: date,
          customMessage: message,
          orderItems: chosen.map((l) => ({ product: l.product as string, quantity: l.quantity })),
        },
        withKey(key),
      );
      notifySuccess(t('webOrders.placed', { number: order.orderNumber }));
      void utils.orders.invalidate();
      setLines([EMPTY_LINE]);
      setMessage('');
      setCustomerId(null);
      setLast(null);
      setRemoved([]);
      setKey(newKey());
      onClose();
    } catch (e) {
      // The customer's own wording ("not available to your restaurant") is not the office's.
      const failure = failureOf(e);
      setError(
        failure?.code === 'terms.productHidden'
          ? t('webOrders.hiddenForCustomer', { name: String(failure.params?.name ?? '') })
          : errorMessage(t, e),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('webOrders.placeForTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        {/* Opened on the customer, not on ×: a typist's Enter then never closes the dialog. */}
        {/* Searched on the server as the office types (ADR 094), never every customer. */}
        <CustomerPicker
          ref={customerField}
          label={t('orderTrack.customer')}
          error={missingField === 'customer' ? t('errors.common.required') : undefined}
          data-autofocus
          required
          value={customerId}
          onChange={(v) => {
            setCustomerId(v);
            if (v && missingField === 'customer') setMissingField(null);
            setLast(null);
            setRemoved([]);
            setKey(newKey());
          }}
        />
        <Button
          variant="light"
          mih={44}
          w="fit-content"
          onClick={startFromLast}
          loading={loadingLast}
          disabled={!customerId}
        >
          {t('lists.lastOrder.button')}
        </Button>
        {last && (
          <Alert
            color={last.lines.some((l) => l.problem) ? 'orange' : 'blue'}
            variant="light"
            role="status"
            data-testid="last-order-note"
          >
            {last.order
              ? t('lists.lastOrder.filled', {
                  number: last.order.orderNumber,
                  date: showDate(last.order.deliveryDate),
                })
              : t('lists.lastOrder.none')}
            {last.lines.some((l) => l.problem) && (
              <>
                <div>{t('lists.lastOrder.left')}</div>
                <List size="sm">
                  {last.lines
                    .filter((l) => l.problem)
                    .map((l, i) => (
                      <List.Item key={`${l.name}-${i.toString()}`}>
                        {t(`lists.lastOrder.problem.${l.problem ?? 'gone'}`, { name: l.name })}
                      </List.Item>
                    ))}
                </List>
              </>
            )}
          </Alert>
        )}
        {removed.length > 0 && (
          <Alert color="orange" variant="light" role="status" data-testid="place-for-removed">
            {t('webOrders.removedHidden', { names: removed.join(', ') })}
          </Alert>
        )}
        {lines.map((line, i) => {
          const p = line.product ? offered.get(line.product) : undefined;
          return (
            <Group key={`line-${i.toString()}`} align="flex-end" wrap="nowrap" gap="xs">
              <Select
                ref={(el) => {
                  productFields.current[i] = el;
                }}
                label={t('orders.product')}
                aria-label={t('webOrders.lineProduct', { n: i + 1 })}
                searchable
                data={productData}
                value={line.product}
                onChange={(v) => {
                  change(i, { product: v, name: v ? offered.get(v)?.name : undefined });
                  if (v && missingField === 'product') setMissingField(null);
                }}
                error={
                  missingField === 'product' && i === 0 ? t('webOrders.chooseAProduct') : undefined
                }
                disabled={!customerId}
                placeholder={customerId ? undefined : t('webOrders.chooseCustomerFirst')}
                style={{ flex: 1 }}
              />
              <NumberInput
                label={t('orders.quantity')}
                aria-label={t('webOrders.lineQuantity', { n: i + 1 })}
                min={1}
                max={MAX_QUANTITY}
                allowDecimal={false}
                value={line.quantity}
                onChange={(v) => change(i, { quantity: Math.max(1, Number(v) || 1) })}
                w={100}
              />
              <Text w={96} ta="right" pb={8} data-testid={`place-for-line-amount-${i.toString()}`}>
                {p ? formatYen(p.price * line.quantity) : ''}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('webOrders.removeLine', { n: i + 1 })}
                disabled={lines.length === 1}
                onClick={() => {
                  setLines(lines.filter((_, j) => j !== i));
                  setKey(newKey());
                }}
              >
                ×
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="subtle"
          onClick={() => {
            setLines([...lines, { product: null, quantity: 1 }]);
            setAdded(lines.length);
          }}
          w="fit-content"
        >
          {t('webOrders.addLine')}
        </Button>
        {customerId && (
          <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            <TaxBreakdown
              rows={summary.perRate}
              total={summary.total}
              totalLabel={t('webOrders.runningTotal')}
              testId="place-for-total"
            />
            {minimumOrder && missing > 0 && (
              <Text size="sm" fw={600} c="orange.9" data-testid="place-for-minimum">
                {minimumOrder.rule === 'refuse'
                  ? t('webOrders.minimumRefuse', {
                      missing: formatYen(missing),
                      minimum: formatYen(minimumOrder.value),
                    })
                  : t('webOrders.minimumCharge', {
                      missing: formatYen(missing),
                      minimum: formatYen(minimumOrder.value),
                      charge: formatYen(charge),
                    })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('webOrders.estimateNote')}
            </Text>
          </Paper>
        )}
        <DateField
          id="place-for-date"
          label={t('orders.deliveryDate')}
          error={missingField === 'date' ? t('errors.common.required') : undefined}
          value={date}
          min={calendar.data?.earliest}
          onChange={(next) => {
            setDate(next);
            if (next && missingField === 'date') setMissingField(null);
            setKey(newKey());
          }}
          required
        />
        <Textarea
          label={t('orders.message')}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            setKey(newKey());
          }}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={submit} loading={busy}>
            {t('webOrders.placeOrder')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
