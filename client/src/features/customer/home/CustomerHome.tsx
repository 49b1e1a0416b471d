import { lazy, Suspense, useEffect } from 'react';
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
import { prefetchCatalogue, trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { THAI_CATEGORY } from '../catalogue/search';
import { preloadCustomerScreens } from '../screenChunk';
import { PromoPopup } from './PromoPopup';

/** The carousel and its library load with the home only, not with every customer screen. */
const HomeSlider = lazy(() => import('./HomeSlider').then((m) => ({ default: m.HomeSlider })));

export function CustomerHome() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The Thai Products tile only where the catalogue has the spec's 'Thai Items' category: a
  // business without one (a Japanese wholesaler's own catalogue) would lead its restaurants to
  // an empty page (ADR 084).
  const categories = trpc.categories.list.useQuery();
  const thai = categories.data?.some((c) => c.name === THAI_CATEGORY) ?? false;
  // Once the tiles are drawn: the other screens' code and the catalogue most of them start
  // from, so a tap on a tile seldom waits. Not before: on a poor line they shared it with the
  // home's own files and held the tiles back (ADR 096).
  useEffect(() => {
    preloadCustomerScreens();
    prefetchCatalogue();
  }, []);
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
        {thai && (
          <Tile to="/customer/thaiproducts" icon={<ChiliIcon />} label={t('nav.thaiProducts')} />
        )}
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
