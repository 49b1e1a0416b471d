import { Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../../shared/format';
import { FetchFailed } from '../../../../../components/LoadState';
import { trpc } from '../../../../../trpc';
import { useAfterChange } from '../../shared/useOfficeMutation';
import { ListPriceField } from '../PriceField';
import { ListImport, useListImport } from './ListImport';

// One price list's editor: its prices typed in place, the products it hides, its CSV out and in.

export function ListPrices({ id }: { id: string }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const list = trpc.priceLists.byId.useQuery({ id });
  const setPrices = trpc.priceLists.setPrices.useMutation();
  const setHidden = trpc.priceLists.setHidden.useMutation();
  const utils = trpc.useUtils();
  const importer = useListImport(id);
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

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {list.data.name}
        </Title>
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
      <ListImport importer={importer} />
    </Stack>
  );
}
