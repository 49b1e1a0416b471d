import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';
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
        <Tile to="/customer/regularorder" emoji="🛍️" label={t('nav.allProducts')} />
        <Tile to="/customer/customsheet" emoji="📝" label={t('nav.myOrdersheet')} />
        <Tile to="/customer/thaiproducts" emoji="🌶️" label={t('nav.thaiProducts')} />
        <Tile to="/customer/myorderlist" emoji="📜" label={t('nav.orderHistory')} />
      </TileGrid>
    </>
  );
}
