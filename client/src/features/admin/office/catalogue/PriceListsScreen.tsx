import { Stack, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSidebarLayout, officeCrumbs } from '../../AdminSidebarLayout';
import { CustomerPicker } from '../shared/CustomerPicker';
import { CustomerHidden } from './priceLists/CustomerHidden';
import { CustomerTerms } from './priceLists/CustomerTerms';
import { ListPrices } from './priceLists/ListPrices';
import { PriceListsTable } from './priceLists/PriceListsTable';

// The office's price lists (ADR 035): the lists, one list's prices (edited in place, hidden
// products ticked), its CSV export and import, and a customer's terms: its list, its minimum
// order rule and its own prices. Each part is in priceLists/.

export function PriceListsScreen() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  // A customer's card links here with ?customer=<id> to open its terms.
  const [customerId, setCustomerId] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('customer'),
  );
  return (
    <AdminSidebarLayout
      title={t('priceLists.title')}
      crumbs={officeCrumbs(t, t('priceLists.title'))}
    >
      <Stack>
        <PriceListsTable onSelect={setSelected} />
        {/* Keyed by what they edit: text pasted or typed for one list or customer is dropped
            when another is chosen, never imported or saved into the other. */}
        {selected && <ListPrices key={selected} id={selected} />}
        <Title order={2} size="h3">
          {t('priceLists.customerTerms')}
        </Title>
        <CustomerPicker
          label={t('priceLists.customer')}
          placeholder={t('priceLists.chooseCustomer')}
          value={customerId}
          onChange={setCustomerId}
        />
        {customerId && (
          <Fragment key={customerId}>
            <CustomerTerms customerId={customerId} />
            <CustomerHidden customerId={customerId} />
          </Fragment>
        )}
      </Stack>
    </AdminSidebarLayout>
  );
}
