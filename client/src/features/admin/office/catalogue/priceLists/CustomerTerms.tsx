import { Button, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../../shared/format';
import { MIN_ORDER_RULES, type MinOrderRule } from '../../../../../../../shared/terms';
import { FetchFailed } from '../../../../../components/LoadState';
import { useOneAtATime } from '../../../../../oneAtATime';
import { trpc } from '../../../../../trpc';
import { fieldErrorText } from '../../shared/errors';
import { useAfterChange } from '../../shared/useOfficeMutation';
import { readPrice } from '../PriceField';

// What one customer pays: the list it is on, its minimum order rule and its own prices.

export function CustomerTerms({ customerId }: { customerId: string }) {
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
      <Title order={3} size="h4">
        {t('priceLists.ownPrices')}
      </Title>
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
