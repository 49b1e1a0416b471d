import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../../../trpc';
import { useAfterChange } from '../../shared/useOfficeMutation';

// The office hides products from one customer here, and sees what its list already hides.

/** The products this customer does not see: its own (shown again from here) and its list's. */
export function CustomerHidden({ customerId }: { customerId: string }) {
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
      <Title order={3} size="h4">
        {t('priceLists.hiddenProducts')}
      </Title>
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
