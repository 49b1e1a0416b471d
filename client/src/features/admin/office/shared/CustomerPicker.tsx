import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../../trpc';

const MORE = '\u0000more';

/**
 * A customer picker that searches on the server as the office types (ADR 093): the first few
 * customers by name, code or kana reading, never the whole list. A customer already chosen when
 * the form opens keeps its name shown (read alone). `exclude` leaves out customers that cannot
 * be chosen here.
 */
export function CustomerPicker({
  value,
  onChange,
  exclude,
  ...props
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  exclude?: ReadonlySet<string>;
} & Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<{ id: string; name: string } | null>(null);
  const [settled] = useDebouncedValue(search.trim(), 200);
  const alone = trpc.customers.byId.useQuery(
    { id: value ?? '' },
    { enabled: Boolean(value) && known?.id !== value },
  );
  const chosenName =
    value && known?.id === value
      ? known.name
      : value && alone.data?._id === value
        ? alone.data.restaurantName
        : null;
  // The box showing the chosen customer's name is no search: the first customers are offered.
  const q = chosenName !== null && settled === chosenName ? '' : settled;
  const found = trpc.customers.pick.useQuery({ q }, { placeholderData: keepPreviousData });
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
  const codes = new Map(rows.map((c) => [c._id, c.customerCode]));
  return (
    <Select
      placeholder={t('priceLists.pickerHint')}
      {...props}
      searchable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already chosen the matches (by code and kana too): show them all.
      filter={({ options }) => options}
      nothingFoundMessage={t('priceLists.pickerNone')}
      renderOption={({ option }) => {
        const code = codes.get(option.value);
        return code ? `${option.label} (${code})` : option.label;
      }}
      onChange={(id, option) => {
        if (id === MORE) return;
        setKnown(id && option ? { id, name: option.label } : null);
        onChange(id);
      }}
    />
  );
}
