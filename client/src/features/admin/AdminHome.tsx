import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';
import {
  BoxIcon,
  ChartIcon,
  ImageIcon,
  PeopleIcon,
  ReceiptIcon,
  StoreIcon,
  TruckIcon,
  YenIcon,
} from '../../components/tileIcons';
import { trpc } from '../../trpc';
import { OwnerDay } from './OwnerDay';
import { SetupChecklist } from './SetupChecklist';

/** Staff keep the dashboard open while orders come in: the count follows every 30 s. */
const WEB_ORDER_POLL_MS = 30_000;

export function AdminHome() {
  const { t } = useTranslation();
  const pending = trpc.orders.pendingWebCount.useQuery(undefined, {
    refetchInterval: WEB_ORDER_POLL_MS,
    staleTime: WEB_ORDER_POLL_MS,
  });
  const count = pending.data?.count;

  return (
    <>
      <Greeting />
      {/* A new business's first steps (ADR 057): gone once they are done. */}
      <SetupChecklist />
      <TileGrid>
        <Tile
          to="/admin/orders"
          icon={<ReceiptIcon />}
          label={t('nav.webOrders')}
          badge={count}
          badgeColor={count ? 'red' : 'gray'}
          badgeLabel={t('home.pendingWebOrders', { count })}
        />
        <Tile to="/admin/customer/unified" icon={<StoreIcon />} label={t('nav.customers')} />
        <Tile to="/admin/ordertrack" icon={<TruckIcon />} label={t('nav.orderTrack')} />
        <Tile to="/admin/reports" icon={<ChartIcon />} label={t('nav.reports')} />
        <Tile to="/admin/products" icon={<BoxIcon />} label={t('nav.products')} />
        <Tile to="/admin/invoice" icon={<YenIcon />} label={t('nav.payments')} />
        <Tile to="/admin/information" icon={<ImageIcon />} label={t('nav.customerSlider')} />
        <Tile to="/admin/employee" icon={<PeopleIcon />} label={t('nav.employees')} />
      </TileGrid>
      {/* The spec's eight tiles stay as they are; settings are a quieter link below them. */}
      <Group justify="flex-end" mt="md">
        <Button component={Link} to="/admin/lists/orders" variant="subtle" size="sm">
          {t('lists.title')}
        </Button>
        <Button component={Link} to="/admin/pricelists" variant="subtle" size="sm">
          {t('priceLists.title')}
        </Button>
        <Button component={Link} to="/admin/settings" variant="subtle" size="sm">
          {t('home.settingsLink')}
        </Button>
      </Group>
      <OwnerDay />
    </>
  );
}
