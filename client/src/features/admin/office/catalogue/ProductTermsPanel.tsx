import { Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import { trpc } from '../../../../trpc';
import { CustomerPicker } from '../shared/CustomerPicker';
import { useAfterChange } from '../shared/useOfficeMutation';

/**
 * On a product's form: which lists and customers pay what, and whom it is hidden from: lists
 * and customers ticked here, a customer chosen to hide it from (ADR 035).
 */
export function ProductTermsPanel({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const utils = trpc.useUtils();
  const terms = trpc.priceLists.productTerms.useQuery({ productId });
  const setHidden = trpc.priceLists.setHidden.useMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!terms.data) return null;
  const d = terms.data;
  const hide = async (target: { priceListId?: string; customerId?: string }, hidden: boolean) => {
    try {
      await setHidden.mutateAsync({ productId, hidden, ...target });
      after.done('priceLists.saved');
      setChosen(null);
    } catch (error) {
      after.failed(error);
    } finally {
      await utils.priceLists.invalidate();
    }
  };
  const hiddenAlready = new Set(d.customers.filter((c) => c.hiddenOwn).map((c) => c._id));
  return (
    <Stack gap="xs" data-testid="product-terms">
      {/* h3: under the product dialog's title, an h2. */}
      <Title order={3} size="h4">
        {t('priceLists.whoPays')}
      </Title>
      <Text size="sm">
        {t('priceLists.standard')}: {formatYen(d.standardPrice)}
      </Text>
      {(d.lists.length > 0 || d.customers.length > 0) && (
        <Table withTableBorder striped>
          <Table.Tbody>
            {d.lists.map((l) => (
              <Table.Tr key={l._id}>
                <Table.Td>
                  {t('priceLists.list')}: {l.name}
                </Table.Td>
                <Table.Td>{formatYen(l.price ?? d.standardPrice)}</Table.Td>
                <Table.Td>
                  <Checkbox
                    label={t('priceLists.hidden')}
                    aria-label={t('priceLists.hideFrom', { name: l.name })}
                    checked={l.hidden}
                    onChange={(e) => hide({ priceListId: l._id }, e.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {d.customers.map((c) => (
              <Table.Tr key={c._id}>
                <Table.Td>{c.restaurantName}</Table.Td>
                <Table.Td>
                  {formatYen(c.price)} ({t(`priceLists.source.${c.source}`)}
                  {c.listName ? `: ${c.listName}` : ''})
                </Table.Td>
                <Table.Td>
                  {c.hiddenOwn ? (
                    <Checkbox
                      label={t('priceLists.hidden')}
                      aria-label={t('priceLists.hiddenFor', { name: c.restaurantName })}
                      checked
                      onChange={() => hide({ customerId: c._id }, false)}
                    />
                  ) : c.hidden ? (
                    <Text size="sm">{t('priceLists.hiddenThroughList')}</Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end">
        <CustomerPicker
          label={t('priceLists.hideFromCustomer')}
          exclude={hiddenAlready}
          value={chosen}
          onChange={setChosen}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          disabled={!chosen}
          loading={setHidden.isPending}
          onClick={() => chosen && void hide({ customerId: chosen }, true)}
        >
          {t('priceLists.hide')}
        </Button>
      </Group>
    </Stack>
  );
}
