import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/shopIcons';

export function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('catalogue.search')}
      placeholder={t('catalogue.searchPlaceholder')}
      leftSection={<SearchIcon size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      autoComplete="off"
      enterKeyHint="search"
    />
  );
}
