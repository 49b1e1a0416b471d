import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { UsualOrders } from '../../../components/standing/UsualOrders';
import { customerCrumbs } from '../crumbs';

/** /customer/usual: the customer's usual order per delivery weekday, and its pauses. */
export function UsualOrdersScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('standing.title'))} />
      <Title order={1} size="h2" mb="md">
        {t('standing.title')}
      </Title>
      <UsualOrders />
    </>
  );
}
