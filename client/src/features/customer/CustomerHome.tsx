import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';
import { BagIcon, ChiliIcon, HistoryIcon, SheetIcon } from '../../components/tileIcons';
import { HomeSlider } from './HomeSlider';
import { PromoPopup } from './PromoPopup';

export function CustomerHome() {
  const { t } = useTranslation();
  return (
    <>
      <Greeting />
      <HomeSlider />
      <PromoPopup />
      <TileGrid>
        <Tile to="/customer/regularorder" icon={<BagIcon />} label={t('nav.allProducts')} />
        <Tile to="/customer/customsheet" icon={<SheetIcon />} label={t('nav.myOrdersheet')} />
        <Tile to="/customer/thaiproducts" icon={<ChiliIcon />} label={t('nav.thaiProducts')} />
        <Tile to="/customer/myorderlist" icon={<HistoryIcon />} label={t('nav.orderHistory')} />
      </TileGrid>
    </>
  );
}
