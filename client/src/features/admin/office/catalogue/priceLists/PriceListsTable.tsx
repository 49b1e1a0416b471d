import { Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { priceListOut } from '../../../../../../../shared/schemas/terms';
import { FetchFailed } from '../../../../../components/LoadState';
import { trpc } from '../../../../../trpc';
import { useAfterChange } from '../../shared/useOfficeMutation';

// The office picks the price list to edit here, or starts a new one.

/** `onSelect` opens a list's prices: the one whose Edit was pressed, or the one just made. */
export function PriceListsTable({ onSelect }: { onSelect(id: string): void }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const lists = trpc.priceLists.list.useQuery();
  const create = trpc.priceLists.create.useMutation();
  const [name, setName] = useState('');
  return (
    <>
      {lists.isError && <FetchFailed onRetry={() => lists.refetch()} />}
      {lists.data?.length === 0 ? (
        // A bare table header told a new office nothing: what a list is for, how to start.
        <Stack gap={4} py="md" ta="center" align="center" data-testid="price-lists-empty">
          <Text c="dimmed">{t('priceLists.none')}</Text>
          <Text size="sm" maw={640}>
            {t('priceLists.noneHelp')}
          </Text>
        </Stack>
      ) : (
        <ListRows lists={lists.data ?? []} onSelect={onSelect} />
      )}
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
              onSelect(made._id);
            } catch (error) {
              after.failed(error);
            }
          }}
        >
          {t('priceLists.create')}
        </Button>
      </Group>
    </>
  );
}

type PriceListRow = z.infer<typeof priceListOut>;

function ListRows({ lists, onSelect }: { lists: PriceListRow[]; onSelect(id: string): void }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('priceLists.name')}</Table.Th>
          <Table.Th>{t('priceLists.prices')}</Table.Th>
          <Table.Th>{t('priceLists.customers')}</Table.Th>
          {/* The Edit buttons' column: no heading drawn, one read out (axe: empty-table-header). */}
          <Table.Th>
            <VisuallyHidden>{t('money.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lists.map((l) => (
          <Table.Tr key={l._id}>
            <Table.Td>{l.name}</Table.Td>
            <Table.Td>{l.priceCount}</Table.Td>
            <Table.Td>{l.customerCount}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => onSelect(l._id)}>
                {t('priceLists.edit', { name: l.name })}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
