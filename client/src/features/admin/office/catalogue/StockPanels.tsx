import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localName, unitLabel } from '../../../../components/localName';
import { notifySuccess } from '../../../../components/notify';
import { trpc } from '../../../../trpc';
import { useAfterChange } from '../shared/useOfficeMutation';
import { formatDay } from '../shared/when';

// The office's stock (ADR 036): goods received, corrections, thresholds, the low-stock list
// and one product's movements. Orders move stock on the server; these screens only read it.

const asNumber = (v: string | number) => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

/** Goods received: product, quantity, note. `productId` fixes the product (its own panel). */
export function ReceiveForm({ productId }: { productId?: string }) {
  const { t, i18n } = useTranslation();
  const after = useAfterChange();
  const utils = trpc.useUtils();
  const products = trpc.products.list.useQuery(undefined, { enabled: !productId });
  const receive = trpc.stock.receive.useMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const target = productId ?? chosen;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!target) return;
    try {
      const r = await receive.mutateAsync({
        productId: target,
        quantity: quantity as number,
        note,
      });
      const found = products.data?.find((p) => p._id === target);
      const name = found ? localName(found, i18n.resolvedLanguage) : '';
      void utils.invalidate();
      notifySuccess(t('stock.received', { name, count: r.stockInCount }));
      setQuantity('');
      setNote('');
    } catch (err) {
      after.failed(err);
    }
  }

  return (
    <Stack component="form" onSubmit={submit} gap="xs" aria-label={t('stock.receive')}>
      <Title order={3} size="h5">
        {t('stock.receive')}
      </Title>
      {!productId && (
        <Select
          label={t('stock.product')}
          searchable
          required
          data={(products.data ?? [])
            .filter((p) => p.itemCount === 'Count')
            .map((p) => ({ value: p._id, label: localName(p, i18n.resolvedLanguage) }))}
          value={chosen}
          onChange={setChosen}
        />
      )}
      <Group grow align="flex-end">
        <NumberInput
          label={t('stock.quantity')}
          required
          min={1}
          allowDecimal={false}
          value={quantity}
          onChange={(v) => setQuantity(asNumber(v) as number | '')}
        />
        <TextInput
          label={t('stock.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </Group>
      <Group>
        <Button type="submit" loading={receive.isPending} disabled={!target}>
          {t('stock.record')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The low-stock list, with the business's default threshold. */
export function LowStockPanel() {
  const { t, i18n } = useTranslation();
  const after = useAfterChange();
  const list = trpc.stock.lowStock.useQuery();
  const save = trpc.stock.updateSettings.useMutation();
  const [level, setLevel] = useState<number | ''>('');
  const shown = level === '' ? (list.data?.defaultLowStockAt ?? '') : level;

  return (
    <Stack gap="md">
      <ReceiveForm />
      <Group align="flex-end">
        <NumberInput
          label={t('stock.defaultThreshold')}
          min={0}
          allowDecimal={false}
          value={shown}
          onChange={(v) => setLevel(asNumber(v) as number | '')}
          w={220}
        />
        <Button
          variant="default"
          loading={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync({ lowStockAt: Number(shown) });
              after.done('stock.saved');
              setLevel('');
            } catch (err) {
              after.failed(err);
            }
          }}
        >
          {t('stock.save')}
        </Button>
      </Group>
      <Title order={3} size="h5">
        {t('stock.lowStock')}
      </Title>
      {list.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="red">{t('errors.common.fetchFailed')}</Alert>
      ) : list.data.products.length === 0 ? (
        <Text c="gray.7">{t('stock.lowEmpty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped data-testid="low-stock">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stock.product')}</Table.Th>
                <Table.Th ta="right">{t('stock.inStock')}</Table.Th>
                <Table.Th ta="right">{t('stock.threshold')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.products.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{localName(p, i18n.resolvedLanguage)}</Table.Td>
                  <Table.Td ta="right">
                    <Text span fw={700} c={p.stockInCount === 0 ? 'red.9' : undefined}>
                      {p.stockInCount} {unitLabel(t, p.sku)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{p.lowStockAt}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** One product's stock: the count, receipts and corrections, its threshold, its movements. */
export function ProductStockPanel({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation();
  const after = useAfterChange();
  const [page, setPage] = useState(1);
  const data = trpc.stock.movements.useQuery({ productId, pageNumber: page });
  const settings = trpc.stock.settings.useQuery();
  const adjust = trpc.stock.adjust.useMutation();
  const threshold = trpc.stock.setLowStockAt.useMutation();
  const [delta, setDelta] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [own, setOwn] = useState<number | '' | null>(null);

  if (data.isPending) return <Loader aria-label={t('common.loading')} />;
  if (data.isError) return <Alert color="red">{t('errors.common.fetchFailed')}</Alert>;
  const d = data.data;
  if (!d.counted) return <Text c="gray.7">{t('stock.notCounted')}</Text>;
  const ownShown = own ?? d.lowStockAt ?? '';

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text>{t('stock.inStock')}:</Text>
        <Text fw={700} size="xl" data-testid="stock-count">
          {d.stockInCount}
        </Text>
      </Group>
      <ReceiveForm productId={productId} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('stock.adjust')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('stock.adjustHint')}
        </Text>
        <Group grow align="flex-end">
          <NumberInput
            label={t('stock.delta')}
            allowDecimal={false}
            value={delta}
            onChange={(v) => setDelta(asNumber(v) as number | '')}
          />
          <TextInput
            label={t('stock.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </Group>
        <Group>
          <Button
            variant="default"
            loading={adjust.isPending}
            onClick={async () => {
              try {
                await adjust.mutateAsync({ productId, delta: delta as number, note });
                after.done('stock.saved');
                setDelta('');
                setNote('');
              } catch (err) {
                after.failed(err);
              }
            }}
          >
            {t('stock.save')}
          </Button>
        </Group>
      </Stack>
      <Group align="flex-end">
        <NumberInput
          label={t('stock.ownThreshold')}
          description={t('stock.followDefault', { count: settings.data?.lowStockAt ?? 0 })}
          min={0}
          allowDecimal={false}
          value={ownShown}
          onChange={(v) => setOwn(asNumber(v) as number | '')}
          w={260}
        />
        <Button
          variant="default"
          loading={threshold.isPending}
          onClick={async () => {
            try {
              await threshold.mutateAsync({
                productId,
                lowStockAt: ownShown === '' ? null : Number(ownShown),
              });
              after.done('stock.saved');
              setOwn(null);
            } catch (err) {
              after.failed(err);
            }
          }}
        >
          {t('stock.save')}
        </Button>
      </Group>
      <Title order={3} size="h5">
        {t('stock.movements')}
      </Title>
      {d.movements.length === 0 ? (
        <Text c="gray.7">{t('stock.movementsEmpty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid="stock-movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stock.when')}</Table.Th>
                <Table.Th>{t('stock.reason')}</Table.Th>
                <Table.Th ta="right">{t('stock.delta')}</Table.Th>
                <Table.Th ta="right">{t('stock.balance')}</Table.Th>
                <Table.Th>{t('stock.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.movements.map((m) => (
                <Table.Tr key={m._id}>
                  <Table.Td>{formatDay(m.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" c="dark" tt="none">
                      {t(`stock.reasons.${m.reason}`)}
                    </Badge>
                    {m.orderNumber !== null && (
                      <Text span size="sm" ml={6}>
                        {t('stock.orderRef', { number: m.orderNumber })}
                      </Text>
                    )}
                    {m.note && (
                      <Text size="sm" c="gray.7">
                        {m.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{m.delta > 0 ? `+${m.delta}` : m.delta}</Table.Td>
                  <Table.Td ta="right">{m.balance}</Table.Td>
                  <Table.Td>{m.by}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {d.pages > 1 && (
        <Group justify="center">
          <Pagination
            total={d.pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
