import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Greeting } from '../../../components/Greeting';
import { ComingStandingOrders } from '../../../components/standing/RunCard';
import { Tile, TileGrid } from '../../../components/Tiles';
import {
  BagIcon,
  ChiliIcon,
  HistoryIcon,
  ReceiptIcon,
  SheetIcon,
} from '../../../components/tileIcons';
import { useAuth } from '../../auth/AuthContext';
import { PromoPopup } from './PromoPopup';

/** The carousel and its library load with the home only, not with every customer screen. */
const HomeSlider = lazy(() => import('./HomeSlider').then((m) => ({ default: m.HomeSlider })));

export function CustomerHome() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <Greeting />
      <Suspense fallback={null}>
        <HomeSlider />
      </Suspense>
      <PromoPopup />
      <ComingStandingOrders />
      <TileGrid>
        <Tile to="/customer/regularorder" icon={<BagIcon />} label={t('nav.allProducts')} />
        <Tile to="/customer/customsheet" icon={<SheetIcon />} label={t('nav.myOrdersheet')} />
        <Tile to="/customer/thaiproducts" icon={<ChiliIcon />} label={t('nav.thaiProducts')} />
        <Tile to="/customer/myorderlist" icon={<HistoryIcon />} label={t('nav.orderHistory')} />
        <Tile to="/customer/account" icon={<ReceiptIcon />} label={t('documents.ui.account')} />
        <Tile to="/customer/claims" icon={<SheetIcon />} label={t('nav.claims')} />
        <Tile to="/customer/usual" icon={<SheetIcon />} label={t('standing.title')} />
        {user?.restaurantOwner && (
          <Tile to="/customer/people" icon={<SheetIcon />} label={t('people.tile')} />
        )}
      </TileGrid>
    </>
  );
}
