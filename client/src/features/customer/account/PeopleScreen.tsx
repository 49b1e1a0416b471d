import { Alert, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PeoplePanel } from '../../../components/PeoplePanel';
import { useAuth } from '../../auth/AuthContext';

/** /customer/people: the owner adds and removes the restaurant's people (ADR 036). */
export function PeopleScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('people.title')}
      </Title>
      {user?.restaurantOwner ? (
        <PeoplePanel />
      ) : (
        <Alert color="gray">{t('errors.people.ownerOnly')}</Alert>
      )}
    </>
  );
}
