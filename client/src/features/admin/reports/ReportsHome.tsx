import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Tile, TileGrid } from '../../../components/Tiles';
import {
  ChartIcon,
  HistoryIcon,
  PeopleIcon,
  ReceiptIcon,
  SheetIcon,
  YenIcon,
} from '../../../components/tileIcons';
import { MONEY_REPORT_LINKS } from '../money/routes';
import { adminCrumbs } from '../orders/shared';

/** An icon per money report (the list itself belongs to the money screens). */
const MONEY_ICONS: Record<(typeof MONEY_REPORT_LINKS)[number]['to'], ReactNode> = {
  '/admin/reports/payment': <YenIcon />,
  '/admin/reports/export': <SheetIcon />,
  '/admin/reports/aging': <ChartIcon />,
  '/admin/reports/tax-summary': <SheetIcon />,
  '/admin/reports/handovers': <PeopleIcon />,
  '/admin/invoice/followups': <ReceiptIcon />,
  '/admin/invoice/closing': <ReceiptIcon />,
  '/admin/invoice/claims': <HistoryIcon />,
};

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
        {MONEY_REPORT_LINKS.map((r) => (
          <Tile key={r.to} to={r.to} icon={MONEY_ICONS[r.to]} label={t(r.labelKey)} />
        ))}
        <Tile to="/admin/settings" icon={<HistoryIcon />} label={t('settings.title')} />
      </TileGrid>
    </>
  );
}
