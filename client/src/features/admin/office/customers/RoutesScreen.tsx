import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteOut, routeInput } from '../../../../../../shared/schemas/office';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/DataTable';
import { ArrowDownIcon, ArrowUpIcon, ListOrderIcon } from '../../../../components/icons';
import { FetchFailed } from '../../../../components/LoadState';
import { useFocusBack } from '../../../../components/useFocusBack';
import { trpc } from '../../../../trpc';
import { AdminSidebarLayout, officeCrumbs } from '../../AdminSidebarLayout';
import { appErrorOf, fieldErrorText } from '../shared/errors';
import { useAfterChange } from '../shared/useOfficeMutation';
import { PencilIcon, TrashIcon } from './CustomerCard';

const validate = schemaResolver(routeInput, { sync: true });

function RouteForm({ route, onClose }: { route: RouteOut | null; onClose(): void }) {
  const { t } = useTranslation();
  useFocusBack();
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

/**
 * The order in which the driver calls on a route's customers (ADR 042): arrows move a customer
 * one place up or down (keyboard and phone alike; focus stays on the moved customer's arrow),
 * and the whole order is saved at once.
 */
function StopOrderDialog({ route, onClose }: { route: RouteOut; onClose(): void }) {
  const { t } = useTranslation();
  useFocusBack();
  const after = useAfterChange();
  const stops = trpc.routes.stops.useQuery({ id: route._id }, { staleTime: 0 });
  const save = trpc.routes.setStopOrder.useMutation();
  type Stop = NonNullable<typeof stops.data>['customers'][number];
  const [order, setOrder] = useState<Stop[] | null>(null);
  useEffect(() => {
    if (stops.data && order === null) setOrder(stops.data.customers);
  }, [stops.data, order]);
  const move = (index: number, by: -1 | 1) => {
    setOrder((now) => {
      if (!now) return now;
      const to = index + by;
      if (to < 0 || to >= now.length) return now;
      const next = [...now];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  };
  const submit = async () => {
    if (!order) return;
    try {
      await save.mutateAsync({ id: route._id, customerIds: order.map((c) => c._id) });
      after.done('office.routes.orderSaved');
      onClose();
    } catch (error) {
      after.failed(error);
    }
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={t('office.routes.orderNamed', { name: route.name })}
      centered
    >
      <Stack>
        {stops.isError ? (
          <FetchFailed onRetry={() => void stops.refetch()} />
        ) : !order ? (
          <Loader size="sm" aria-label={t('office.routes.order')} />
        ) : order.length === 0 ? (
          <Alert color="gray">{t('office.routes.noCustomers')}</Alert>
        ) : (
          <>
            <Text size="sm">{t('office.routes.orderHelp')}</Text>
            <Stack
              component="ol"
              gap={6}
              aria-label={t('office.routes.orderNamed', { name: route.name })}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {order.map((c, i) => (
                <Paper component="li" key={c._id} withBorder p={6} data-stop-customer={c._id}>
                  <Group wrap="nowrap" gap="xs">
                    <Text fw={700} w={28} ta="right" aria-hidden="true">
                      {i + 1}
                    </Text>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        <VisuallyHidden>
                          {t('office.routes.position', { number: i + 1 })}:{' '}
                        </VisuallyHidden>
                        {c.restaurantName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.customerCode}
                        {c.address ? ` · ${c.address}` : ''}
                      </Text>
                    </Stack>
                    <ActionIcon
                      size={44}
                      variant="default"
                      onClick={() => move(i, -1)}
                      aria-disabled={i === 0}
                      aria-label={t('office.routes.moveUp', { name: c.restaurantName })}
                    >
                      <ArrowUpIcon />
                    </ActionIcon>
                    <ActionIcon
                      size={44}
                      variant="default"
                      onClick={() => move(i, 1)}
                      aria-disabled={i === order.length - 1}
                      aria-label={t('office.routes.moveDown', { name: c.restaurantName })}
                    >
                      <ArrowDownIcon />
                    </ActionIcon>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('office.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!order || order.length === 0}>
            {t('office.routes.saveOrder')}
          </Button>
        </Group>
      </Stack>
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
  const [ordering, setOrdering] = useState<RouteOut | null>(null);
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
          noRecordsText={t('guide.empty.routes')}
          columns={[
            { accessor: 'name', title: t('office.routes.name') },
            { accessor: 'customerCount', title: t('office.routes.customers'), width: 140 },
            {
              accessor: 'actions',
              title: t('office.actionsColumn'),
              width: 150,
              textAlign: 'right',
              render: (r) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setOrdering(r)}
                    aria-label={t('office.routes.orderNamed', { name: r.name })}
                  >
                    <ListOrderIcon />
                  </ActionIcon>
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
      {ordering && <StopOrderDialog route={ordering} onClose={() => setOrdering(null)} />}
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
