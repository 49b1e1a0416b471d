import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';
import { trpc } from '../../trpc';

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
      <TileGrid>
        <Tile
          to="/admin/orders"
          emoji="🧾"
          label={t('nav.webOrders')}
          badge={count}
          badgeColor={count ? 'red' : 'gray'}
          badgeLabel={t('home.pendingWebOrders', { count })}
        />
        <Tile to="/admin/customer/unified" emoji="🏪" label={t('nav.customers')} />
        <Tile to="/admin/ordertrack" emoji="🚚" label={t('nav.orderTrack')} />
        <Tile to="/admin/reports" emoji="📊" label={t('nav.reports')} />
        <Tile to="/admin/products" emoji="📦" label={t('nav.products')} />
        <Tile to="/admin/invoice" emoji="💴" label={t('nav.payments')} />
        <Tile to="/admin/information" emoji="🖼️" label={t('nav.customerSlider')} />
        <Tile to="/admin/employee" emoji="👥" label={t('nav.employees')} />
      </TileGrid>
    </>
  );
}
