import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Tile, TileGrid } from '../../../components/Tiles';
import { ChartIcon, HistoryIcon, SheetIcon, YenIcon } from '../../../components/tileIcons';
import { adminCrumbs } from './shared';

/** /admin/reports: the office's reports, and the delivery settings they depend on. */
export function ReportsHome() {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('nav.reports'))} />
      <Title order={1} size="h3" mb="md">
        {t('reports.title')}
      </Title>
      <TileGrid>
        <Tile to="/admin/reports/todays" icon={<ChartIcon />} label={t('nav.todaysDeliveries')} />
        <Tile to="/admin/reports/payment" icon={<YenIcon />} label={t('nav.paymentCollection')} />
        <Tile to="/admin/reports/export" icon={<SheetIcon />} label={t('nav.exportData')} />
        <Tile to="/admin/settings" icon={<HistoryIcon />} label={t('settings.title')} />
      </TileGrid>
    </>
  );
}
