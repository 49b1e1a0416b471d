import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';
import { DoneIcon, RouteIcon, TruckIcon, YenIcon } from '../../components/tileIcons';
import { useDriverSync } from './deliveries/useDriverSync';

export function DriverHome() {
  const { t } = useTranslation();
  // Opening the app sends deliveries kept on the phone while offline.
  useDriverSync();
  return (
    <>
      <Greeting />
      <TileGrid>
        <Tile to="/driver/route" icon={<RouteIcon />} label={t('nav.route')} />
        <Tile to="/driver/ordertrack" icon={<TruckIcon />} label={t('nav.pendingOrders')} />
        <Tile
          to="/driver/ordertrack/delivered"
          icon={<DoneIcon />}
          label={t('nav.deliveredOrders')}
        />
        <Tile to="/driver/payments" icon={<YenIcon />} label={t('nav.payments')} />
      </TileGrid>
    </>
  );
}
