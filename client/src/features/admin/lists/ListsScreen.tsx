import { Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import type { TKey } from '../../../i18n';
import { adminCrumbs } from '../orders/shared';
import { CustomersList } from './CustomersList';
import { InvoicesList } from './InvoicesList';
import { OrdersList } from './OrdersList';
import { PaymentsList } from './PaymentsList';

// /admin/lists/{customers|orders|invoices|payments} (ADR 044): the office's lists as tables,
// sorted, filtered and totalled by the server (every list is paged), with bulk actions on a
// selection where the office uses them.

const KINDS = ['customers', 'orders', 'invoices', 'payments'] as const;
type Kind = (typeof KINDS)[number];

const SCREENS: Record<Kind, () => ReactNode> = {
  customers: CustomersList,
  orders: OrdersList,
  invoices: InvoicesList,
  payments: PaymentsList,
};

/** /admin/lists/:kind: one tab per list; each tab's filters live while it is shown. */
export function ListsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind: raw } = useParams();
  const kind: Kind = (KINDS as readonly string[]).includes(raw ?? '') ? (raw as Kind) : 'orders';
  const Screen = SCREENS[kind];
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('lists.title'))} />
      <Title order={1} size="h3" mb="md">
        {t('lists.title')}
      </Title>
      <Tabs
        value={kind}
        onChange={(v) => navigate(`/admin/lists/${v ?? 'orders'}`, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`lists.kinds.${k}` as TKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={kind}>
          <Screen key={kind} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
