import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerPickOut } from '../../../../../../shared/schemas/office';
import { trpc } from '../../../../trpc';

const MORE = '\u0000more';

/** A customer as a picker offers it: name, code and, asked for monthly ones, the closing day. */
export type PickedCustomer = CustomerPickOut['customers'][number];

/**
 * A customer picker that searches on the server as the office types (ADR 093, 094): the first
 * few customers by name, code or kana reading, never the whole list. A customer already chosen
 * when the form opens keeps its name shown: the one the page already knows (`known`, an invoice
 * or job being edited), else read alone. `exclude` leaves out customers that cannot be chosen
 * here; `monthly` offers only customers billed monthly, and `note` adds a word to each option
 * (the closing run's 「20日締め」). `onChange` is told the chosen customer's row too.
 */
export function CustomerPicker({
  value,
  onChange,
  exclude,
  monthly,
  note,
  known: knownHere,
  ref,
  ...props
}: {
  value: string | null;
  onChange: (id: string | null, customer: PickedCustomer | null) => void;
  exclude?: ReadonlySet<string>;
  monthly?: boolean;
  note?: (customer: PickedCustomer) => string;
  known?: { _id: string; restaurantName: string } | null;
  ref?: Ref<HTMLInputElement>;
} & Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<{ id: string; name: string } | null>(null);
  const [settled] = useDebouncedValue(search.trim(), 200);
  const pageKnows = Boolean(value) && knownHere?._id === value;
  const alone = trpc.customers.byId.useQuery(
    { id: value ?? '' },
    { enabled: Boolean(value) && known?.id !== value && !pageKnows },
  );
  const chosenName =
    value && known?.id === value
      ? known.name
      : pageKnows && knownHere
        ? knownHere.restaurantName
        : value && alone.data?._id === value
          ? alone.data.restaurantName
          : null;
  // The box showing the chosen customer's name is no search: the first customers are offered.
  const q = chosenName !== null && settled === chosenName ? '' : settled;
  const found = trpc.customers.pick.useQuery(monthly ? { q, monthly } : { q }, {
    placeholderData: keepPreviousData,
  });
  const rows = (found.data?.customers ?? []).filter((c) => !exclude?.has(c._id));
  const data: { value: string; label: string; disabled?: boolean }[] = rows.map((c) => ({
    value: c._id,
    label: c.restaurantName,
  }));
  if (value && chosenName && !data.some((d) => d.value === value))
    data.unshift({ value, label: chosenName });
  if (found.data?.more)
    data.push({
      value: MORE,
      label: t('priceLists.pickerMore', { n: rows.length }),
      disabled: true,
    });
  const byId = new Map(rows.map((c) => [c._id, c]));
  return (
    <Select
      placeholder={t('priceLists.pickerHint')}
      {...props}
      ref={ref}
      searchable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already chosen the matches (by code and kana too): show them all.
      filter={({ options }) => options}
      nothingFoundMessage={t('priceLists.pickerNone')}
      renderOption={({ option }) => {
        const c = byId.get(option.value);
        if (!c) return option.label;
        const said = note?.(c);
        return `${option.label} (${c.customerCode})${said ? ` · ${said}` : ''}`;
      }}
      onChange={(id, option) => {
        if (id === MORE) return;
        setKnown(id && option ? { id, name: option.label } : null);
        onChange(id, (id && byId.get(id)) || null);
      }}
    />
  );
}
