import { useTranslation } from 'react-i18next';
import { Greeting } from '../../components/Greeting';
import { Tile, TileGrid } from '../../components/Tiles';

export function CustomerHome() {
  const { t } = useTranslation();
  return (
    <>
      <Greeting />
      {/*
        PLACEHOLDER for a later issue: the image slider (active 'slider' information items,
        advancing every 2500 ms) goes here, above the tiles, and the promotional popup
        ('popup' items: after 800 ms, at most once per 15 minutes, 10-second countdown)
        mounts next to it. Nothing is rendered until then.
      */}
      <TileGrid>
        <Tile to="/customer/regularorder" emoji="🛍️" label={t('nav.allProducts')} />
        <Tile to="/customer/customsheet" emoji="📝" label={t('nav.myOrdersheet')} />
        <Tile to="/customer/thaiproducts" emoji="🌶️" label={t('nav.thaiProducts')} />
        <Tile to="/customer/myorderlist" emoji="📜" label={t('nav.orderHistory')} />
      </TileGrid>
    </>
  );
}
