import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import { MIN_ORDER_RULES, type MinOrderRule } from '../../../../../../shared/terms';
import { useOneAtATime } from '../../../../oneAtATime';
import { trpc } from '../../../../trpc';
import { AdminSidebarLayout, FetchFailed, officeCrumbs } from '../../AdminSidebarLayout';
import { fieldErrorText, importFileErrorText } from '../shared/errors';
import { useAfterChange } from '../shared/useOfficeMutation';
import { ListPriceField, readPrice } from './PriceField';

// The office's price lists (ADR 035): the lists, one list's prices (edited in place, hidden
// products ticked), its CSV export and import, and a customer's terms: its list, its minimum
// order rule and its own prices.

function ListPrices({ id }: { id: string }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const list = trpc.priceLists.byId.useQuery({ id });
  const setPrices = trpc.priceLists.setPrices.useMutation();
  const setHidden = trpc.priceLists.setHidden.useMutation();
  const importCsv = trpc.priceLists.importCsv.useMutation();
  const utils = trpc.useUtils();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<string[] | null>(null);
  if (list.isError) return <FetchFailed onRetry={() => list.refetch()} />;
  if (!list.data) return <Text c="dimmed">{t('common.loading')}</Text>;

  /** Throws when refused: the field says why, beside what was typed. */
  const save = async (productId: string, price: number | null) => {
    await setPrices.mutateAsync({ id, prices: [{ productId, price }] });
    after.done('priceLists.saved');
  };
  const exportFile = async () => {
    const file = await utils.priceLists.exportCsv.fetch({ id });
    const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file.filename;
    a.click();
    URL.revokeObjectURL(url);
  };
  const runImport = async (commit: boolean) => {
    try {
      const out = await importCsv.mutateAsync({ id, csv, commit });
      const problems = [
        ...out.fileErrors.map((e) => importFileErrorText(t, e)),
        ...out.rows.flatMap((r) =>
          Object.entries(r.errors).map(
            ([field, code]) =>
              `${t('priceLists.line', { line: r.line })} ${field}: ${t(`errors.${code}`, { defaultValue: code })}`,
          ),
        ),
      ];
      setPreview(problems);
      if (commit && out.valid) {
        after.done('priceLists.imported');
        setCsv('');
      }
    } catch (error) {
      after.failed(error);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{list.data.name}</Title>
        <Button variant="default" onClick={exportFile}>
          {t('priceLists.export')}
        </Button>
      </Group>
      <Text size="sm">
        {t('priceLists.customersOn', {
          names: list.data.customers.map((c) => c.restaurantName).join(', ') || '—',
        })}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('priceLists.product')}</Table.Th>
            <Table.Th>{t('priceLists.standard')}</Table.Th>
            <Table.Th>{t('priceLists.listPrice')}</Table.Th>
            <Table.Th>{t('priceLists.hidden')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.products.map((p) => (
            <Table.Tr key={p.productId}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td>{formatYen(p.standardPrice)}</Table.Td>
              <Table.Td>
                <ListPriceField
                  label={t('priceLists.priceOf', { name: p.name })}
                  price={p.price}
                  placeholder={t('priceLists.standardPlaceholder')}
                  onSave={(next) => save(p.productId, next)}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={t('priceLists.hideFrom', { name: p.name })}
                  checked={p.hidden}
                  onChange={async (e) => {
                    try {
                      await setHidden.mutateAsync({
                        productId: p.productId,
                        priceListId: id,
                        hidden: e.currentTarget.checked,
                      });
                      after.done('priceLists.saved');
                    } catch (error) {
                      after.failed(error);
                    }
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Textarea
            label={t('priceLists.importLabel')}
            description={t('priceLists.importHelp')}
            value={csv}
            onChange={(e) => setCsv(e.currentTarget.value)}
            autosize
            minRows={3}
          />
          <Group>
            <Button variant="default" disabled={!csv} onClick={() => runImport(false)}>
              {t('priceLists.check')}
            </Button>
            <Button disabled={!csv} onClick={() => runImport(true)}>
              {t('priceLists.import')}
            </Button>
          </Group>
          {preview && preview.length > 0 && (
            <Alert color="red" role="alert" title={t('priceLists.notImported')}>
              {preview.map((p) => (
                <Text key={p} size="sm">
                  {p}
                </Text>
              ))}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function CustomerTerms({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const terms = trpc.priceLists.customerTerms.useQuery({ customerId });
  const lists = trpc.priceLists.list.useQuery();
  const products = trpc.products.list.useQuery();
  const setTerms = trpc.priceLists.setCustomerTerms.useMutation();
  const setOverride = trpc.priceLists.setOverride.useMutation();
  const [productId, setProductId] = useState<string | null>(null);
  const [price, setPrice] = useState<string | number>('');
  const [priceError, setPriceError] = useState<string | null>(null);
  // One request however fast "Set own price" is clicked (a double click sent two).
  const once = useOneAtATime();
  if (terms.isError) return <FetchFailed onRetry={() => terms.refetch()} />;
  if (!terms.data) return <Text c="dimmed">{t('common.loading')}</Text>;
  const d = terms.data;
  const change = async (patch: Partial<typeof d>) => {
    try {
      await setTerms.mutateAsync({
        customerId,
        priceListId: patch.priceListId !== undefined ? patch.priceListId : d.priceListId,
        minOrderRule: patch.minOrderRule ?? d.minOrderRule,
        minOrderValue: patch.minOrderValue ?? d.minOrderValue,
        deliveryCharge: patch.deliveryCharge ?? d.deliveryCharge,
      });
      after.done('priceLists.saved');
    } catch (error) {
      after.failed(error);
    }
  };
  return (
    <Stack>
      <Select
        label={t('priceLists.customerList')}
        data={[
          { value: '', label: t('priceLists.standardPrices') },
          ...(lists.data ?? []).map((l) => ({ value: l._id, label: l.name })),
        ]}
        value={d.priceListId ?? ''}
        onChange={(v) => change({ priceListId: v ? v : null })}
        allowDeselect={false}
      />
      <Group align="flex-end">
        <Select
          label={t('priceLists.minOrderRule')}
          data={MIN_ORDER_RULES.map((r) => ({ value: r, label: t(`priceLists.rule.${r}`) }))}
          value={d.minOrderRule}
          onChange={(v) => v && change({ minOrderRule: v as MinOrderRule })}
          allowDeselect={false}
        />
        <NumberInput
          label={t('priceLists.minOrderValue')}
          defaultValue={d.minOrderValue}
          allowDecimal={false}
          min={0}
          onBlur={(e) => change({ minOrderValue: Number(e.currentTarget.value.replace(/,/g, '')) })}
        />
        <NumberInput
          label={t('priceLists.deliveryCharge')}
          defaultValue={d.deliveryCharge}
          allowDecimal={false}
          min={0}
          onBlur={(e) =>
            change({ deliveryCharge: Number(e.currentTarget.value.replace(/,/g, '')) })
          }
        />
      </Group>
      <Title order={4}>{t('priceLists.ownPrices')}</Title>
      <Table striped withTableBorder>
        <Table.Tbody>
          {d.overrides.map((o) => (
            <Table.Tr key={o.productId}>
              <Table.Td>{o.name}</Table.Td>
              <Table.Td>{formatYen(o.price)}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {t('priceLists.otherwise', { price: formatYen(o.standardPrice) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={async () => {
                    try {
                      await setOverride.mutateAsync({
                        customerId,
                        productId: o.productId,
                        price: null,
                      });
                      after.done('priceLists.saved');
                    } catch (error) {
                      after.failed(error);
                    }
                  }}
                >
                  {t('priceLists.removeOwn', { name: o.name })}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
        <Select
          label={t('priceLists.product')}
          searchable
          data={(products.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
          value={productId}
          onChange={setProductId}
        />
        <NumberInput
          label={t('priceLists.ownPrice')}
          value={price}
          onChange={(v) => {
            setPrice(v);
            setPriceError(null);
          }}
          allowDecimal={false}
          // Kept as typed: a value below 0 is refused with its reason, never made 0 and saved.
          clampBehavior="none"
          min={0}
          error={priceError}
        />
        <Button
          disabled={!productId || price === '' || once.running}
          loading={once.running}
          onClick={() =>
            once.run(async () => {
              if (!productId) return;
              const read = readPrice(String(price));
              if ('code' in read) {
                setPriceError(fieldErrorText(t, read.code) ?? null);
                return;
              }
              if (read.price === null) return;
              try {
                await setOverride.mutateAsync({ customerId, productId, price: read.price });
                after.done('priceLists.saved');
                setPrice('');
              } catch (error) {
                after.failed(error);
              }
            })
          }
        >
          {t('priceLists.setOwn')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The products this customer does not see: its own (shown again from here) and its list's. */
function CustomerHidden({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const utils = trpc.useUtils();
  const terms = trpc.priceLists.customerTerms.useQuery({ customerId });
  const products = trpc.products.list.useQuery();
  const setHidden = trpc.priceLists.setHidden.useMutation();
  const [productId, setProductId] = useState<string | null>(null);
  if (!terms.data) return null;
  const d = terms.data;
  const hide = async (id: string, hidden: boolean) => {
    try {
      await setHidden.mutateAsync({ productId: id, customerId, hidden });
      after.done('priceLists.saved');
      setProductId(null);
    } catch (error) {
      after.failed(error);
    } finally {
      await utils.priceLists.invalidate();
    }
  };
  const gone = new Set(d.hidden.map((h) => h.productId));
  return (
    <Stack gap="xs" component="section" aria-label={t('priceLists.hiddenProducts')}>
      <Title order={4}>{t('priceLists.hiddenProducts')}</Title>
      {d.hidden.length === 0 && d.hiddenByList.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('priceLists.hiddenNone')}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="customer-hidden">
          <Table.Tbody>
            {d.hidden.map((h) => (
              <Table.Tr key={h.productId}>
                <Table.Td>{h.name}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" onClick={() => hide(h.productId, false)}>
                    {t('priceLists.showAgain', { name: h.name })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {d.hiddenByList.map((h) => (
              <Table.Tr key={`list-${h.productId}`}>
                <Table.Td>{h.name}</Table.Td>
                <Table.Td>
                  <Text size="sm">{t('priceLists.hiddenThroughList')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end">
        <Select
          label={t('priceLists.hideProduct')}
          searchable
          data={(products.data ?? [])
            .filter((p) => !gone.has(p._id))
            .map((p) => ({ value: p._id, label: p.name }))}
          value={productId}
          onChange={setProductId}
        />
        <Button
          variant="default"
          disabled={!productId}
          loading={setHidden.isPending}
          onClick={() => productId && void hide(productId, true)}
        >
          {t('priceLists.hide')}
        </Button>
      </Group>
    </Stack>
  );
}

export function PriceListsScreen() {
  const { t } = useTranslation();
  const after = useAfterChange();
  const lists = trpc.priceLists.list.useQuery();
  const customers = trpc.customers.list.useQuery({ kind: 'all' });
  const create = trpc.priceLists.create.useMutation();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [customerId, setCustomerId] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('customer'),
  );
  const customerRows = Array.isArray(customers.data) ? customers.data : [];
  return (
    <AdminSidebarLayout
      title={t('priceLists.title')}
      crumbs={officeCrumbs(t, t('priceLists.title'))}
    >
      <Stack>
        {lists.isError && <FetchFailed onRetry={() => lists.refetch()} />}
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('priceLists.name')}</Table.Th>
              <Table.Th>{t('priceLists.prices')}</Table.Th>
              <Table.Th>{t('priceLists.customers')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(lists.data ?? []).map((l) => (
              <Table.Tr key={l._id}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.priceCount}</Table.Td>
                <Table.Td>{l.customerCount}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setSelected(l._id)}>
                    {t('priceLists.edit', { name: l.name })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group align="flex-end">
          <TextInput
            label={t('priceLists.newName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button
            disabled={!name.trim()}
            onClick={async () => {
              try {
                const made = await create.mutateAsync({ name });
                after.done('priceLists.created');
                setName('');
                setSelected(made._id);
              } catch (error) {
                after.failed(error);
              }
            }}
          >
            {t('priceLists.create')}
          </Button>
        </Group>
        {selected && <ListPrices id={selected} />}
        <Title order={3}>{t('priceLists.customerTerms')}</Title>
        <Select
          label={t('priceLists.customer')}
          searchable
          data={customerRows.map((c) => ({ value: c._id, label: c.restaurantName }))}
          value={customerId}
          onChange={setCustomerId}
        />
        {customerId && <CustomerTerms customerId={customerId} />}
        {customerId && <CustomerHidden customerId={customerId} />}
      </Stack>
    </AdminSidebarLayout>
  );
}
