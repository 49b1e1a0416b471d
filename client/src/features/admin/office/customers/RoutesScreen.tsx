import { ActionIcon, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteOut, routeInput } from '../../../../../../shared/schemas/office';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/DataTable';
import { trpc } from '../../../../trpc';
import { AdminSidebarLayout, FetchFailed, officeCrumbs } from '../../AdminSidebarLayout';
import { appErrorOf, fieldErrorText } from '../shared/errors';
import { useAfterChange } from '../shared/useOfficeMutation';
import { PencilIcon, TrashIcon } from './CustomerCard';

const validate = schemaResolver(routeInput, { sync: true });

function RouteForm({ route, onClose }: { route: RouteOut | null; onClose(): void }) {
  const { t } = useTranslation();
  const after = useAfterChange();
  const create = trpc.routes.create.useMutation();
  const update = trpc.routes.update.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: route?.name ?? '' },
    validate,
    validateInputOnChange: true,
  });
  const submit = async (values: { name: string }) => {
    try {
      if (route) await update.mutateAsync({ id: route._id, ...values });
      else await create.mutateAsync(values);
      after.done(route ? 'office.routes.updated' : 'office.routes.created');
      onClose();
    } catch (error) {
      const { issues } = appErrorOf(error);
      if (issues) form.setErrors(issues);
      after.failed(error);
    }
  };
  const props = form.getInputProps('name');
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={route ? t('office.routes.rename') : t('office.routes.add')}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t('office.routes.name')}
            withAsterisk
            data-autofocus
            {...props}
            error={fieldErrorText(t, props.error)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {route ? t('office.save') : t('office.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/customer/routes: the delivery routes, added, renamed and deleted. */
export function RoutesScreen() {
  const { t } = useTranslation();
  const routes = trpc.routes.list.useQuery();
  const remove = trpc.routes.remove.useMutation();
  const after = useAfterChange();
  const [editing, setEditing] = useState<RouteOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RouteOut | null>(null);
  return (
    <AdminSidebarLayout
      title={t('nav.routes')}
      crumbs={officeCrumbs(t, t('nav.routes'), [
        { label: t('nav.customers'), link: '/admin/customer/unified' },
      ])}
      actions={<Button onClick={() => setEditing('new')}>{t('office.routes.add')}</Button>}
    >
      {routes.isError ? (
        <FetchFailed onRetry={() => void routes.refetch()} />
      ) : (
        <DataTable
          aria-label={t('nav.routes')}
          fetching={routes.isPending}
          records={routes.data ?? []}
          idAccessor="_id"
          noRecordsText={t('office.routes.none')}
          columns={[
            { accessor: 'name', title: t('office.routes.name') },
            { accessor: 'customerCount', title: t('office.routes.customers'), width: 140 },
            {
              accessor: 'actions',
              title: t('office.actionsColumn'),
              width: 110,
              textAlign: 'right',
              render: (r) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setEditing(r)}
                    aria-label={t('office.editNamed', { name: r.name })}
                  >
                    <PencilIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(r)}
                    aria-label={t('office.deleteNamed', { name: r.name })}
                  >
                    <TrashIcon />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <RouteForm route={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office.routes.confirmDelete')}
        message={deleting?.name}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting._id });
            after.done('office.routes.deleted');
          } catch (error) {
            after.failed(error);
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </AdminSidebarLayout>
  );
}
