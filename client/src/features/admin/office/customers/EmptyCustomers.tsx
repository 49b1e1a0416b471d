import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerKind } from '../../../../../../shared/schemas/office';
import type { TKey } from '../../../../i18n';

// What an empty customer list says (ADR 057): not only that there is nothing, but what to do
// next, with the button that does it. A customer needs a route, so with no route yet the next
// step is a route.

const NEXT: Record<CustomerKind, TKey> = {
  all: 'guide.empty.customersAll',
  cash: 'guide.empty.customersCash',
  monthly: 'guide.empty.customersMonthly',
  baddebt: 'guide.empty.customersBadDebt',
  web: 'guide.empty.customersWeb',
};

export function EmptyCustomers({
  kind,
  typeLabel,
  searched,
  onRoute,
  noRoutes,
  onAdd,
  onImport,
  onClearSearch,
}: {
  kind: CustomerKind;
  /** The kind in words, as the list's title says it (現金払いの, 月締めの...). */
  typeLabel: string;
  /** A search word is typed. */
  searched: boolean;
  /** The list is narrowed to one route. */
  onRoute: boolean;
  /** The business has no route yet (a customer cannot be saved without one). */
  noRoutes: boolean;
  onAdd(): void;
  onImport(): void;
  onClearSearch(): void;
}) {
  const { t } = useTranslation();
  let next: React.ReactNode;
  if (searched) {
    next = (
      <>
        <Text size="sm">{t('guide.empty.customersSearch')}</Text>
        <Button variant="default" size="sm" onClick={onClearSearch}>
          {t('guide.empty.clearSearch')}
        </Button>
      </>
    );
  } else if (onRoute) {
    next = (
      <>
        <Text size="sm">{t('guide.empty.customersRoute')}</Text>
        <Button component={Link} to="/admin/customer" variant="default" size="sm">
          {t('guide.empty.allCustomers')}
        </Button>
      </>
    );
  } else if (noRoutes && kind !== 'baddebt') {
    next = (
      <>
        <Text size="sm">{t('guide.empty.needRoute')}</Text>
        <Button component={Link} to="/admin/customer/routes" size="sm">
          {t('guide.empty.addRoute')}
        </Button>
      </>
    );
  } else {
    next = (
      <>
        <Text size="sm">{t(NEXT[kind])}</Text>
        {kind !== 'baddebt' && (
          <Group gap="sm" justify="center">
            <Button size="sm" onClick={onAdd}>
              {t('office.customers.add')}
            </Button>
            {kind === 'all' && (
              <Button variant="default" size="sm" onClick={onImport}>
                {t('office.import.button')}
              </Button>
            )}
          </Group>
        )}
      </>
    );
  }
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" data-testid="customers-empty">
      <Text c="dimmed">{t('office.customers.none', { type: typeLabel })}</Text>
      {next}
    </Stack>
  );
}
