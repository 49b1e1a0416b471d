import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';

export function DriverHome() {
  const { t } = useTranslation();
  return (
    <>
      <Greeting />
      <TileGrid>
        <Tile to="/driver/ordertrack" emoji="🚚" label={t('nav.pendingOrders')} />
        <Tile to="/driver/ordertrack/delivered" emoji="✅" label={t('nav.deliveredOrders')} />
        <Tile to="/driver/payments" emoji="💴" label={t('nav.payments')} />
      </TileGrid>
    </>
  );
}
