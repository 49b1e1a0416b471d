import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CategoryAdminOut, categoryInput } from '../../../../../../shared/schemas/office';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/DataTable';
import { FetchFailed } from '../../../../components/LoadState';
import { useFocusBack } from '../../../../components/useFocusBack';
import { trpc } from '../../../../trpc';
import { PencilIcon, TrashIcon } from '../customers/CustomerCard';
import { appErrorOf, fieldErrorText } from '../shared/errors';
import { useAfterChange } from '../shared/useOfficeMutation';

const validate = schemaResolver(categoryInput, { sync: true });

/** Adds or renames a category; also opened from the product form when there is none yet. */
export function CategoryForm({
  category,
  onClose,
  onCreated,
}: {
  category: CategoryAdminOut | null;
  onClose(): void;
  /** A new category was added (the product form chooses it). */
  onCreated?(category: CategoryAdminOut): void;
}) {
  const { t } = useTranslation();
  useFocusBack();
  const after = useAfterChange();
  const create = trpc.categories.create.useMutation();
  const update = trpc.categories.update.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: category?.name ?? '',
      nameNe: category?.nameNe ?? '',
      nameJa: category?.nameJa ?? '',
      taxRate: String(category?.taxRate ?? 8),
    },
    validate,
    validateInputOnChange: true,
  });
  const submit = async (values: {
    name: string;
    nameNe: string;
    nameJa: string;
    taxRate: string;
  }) => {
    const body = { ...values, taxRate: Number(values.taxRate) as 8 | 10 };
    try {
      if (category) await update.mutateAsync({ id: category._id, ...body });
      else {
        // Created first: `onCreated?.(await ...)` would skip the call, and so the creation,
        // when no one listens.
        const created = await create.mutateAsync(body);
        onCreated?.(created);
      }
      after.done(category ? 'office.categories.updated' : 'office.categories.created');
      onClose();
    } catch (error) {
      const { issues } = appErrorOf(error);
      if (issues) form.setErrors(issues);
      after.failed(error);
    }
  };
  const input = (name: 'name' | 'nameNe' | 'nameJa' | 'taxRate') => {
    const p = form.getInputProps(name);
    return { ...p, error: fieldErrorText(t, p.error) };
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={category ? t('office.categories.rename') : t('office.categories.add')}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t('office.categories.name')}
            withAsterisk
            data-autofocus
            {...input('name')}
          />
          <TextInput label={t('office.categories.nameNe')} {...input('nameNe')} />
          <TextInput label={t('office.categories.nameJa')} lang="ja" {...input('nameJa')} />
          <Select
            label={t('office.categories.taxRate')}
            allowDeselect={false}
            data={[
              { value: '8', label: t('office.categories.rate8') },
              { value: '10', label: t('office.categories.rate10') },
            ]}
            comboboxProps={{ withinPortal: true }}
            {...input('taxRate')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {category ? t('office.save') : t('office.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Categories: listed with their product counts, added, renamed and deleted. */
export function CategoriesPanel() {
  const { t } = useTranslation();
  const list = trpc.categories.listForOffice.useQuery();
  const remove = trpc.categories.remove.useMutation();
  const after = useAfterChange();
  const [editing, setEditing] = useState<CategoryAdminOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CategoryAdminOut | null>(null);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')}>{t('office.categories.add')}</Button>
      </Group>
      {list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          aria-label={t('office.categories.title')}
          fetching={list.isPending}
          records={list.data ?? []}
          idAccessor="_id"
          noRecordsText={t('office.categories.none')}
          columns={[
            { accessor: 'name', title: t('office.categories.name') },
            {
              accessor: 'nameNe',
              title: t('office.categories.nameNe'),
              render: (c) => c.nameNe ?? '—',
            },
            {
              accessor: 'nameJa',
              title: t('office.categories.nameJa'),
              render: (c) => c.nameJa ?? '—',
            },
            {
              accessor: 'taxRate',
              title: t('office.categories.taxRate'),
              width: 140,
              render: (c) => `${c.taxRate}%`,
            },
            { accessor: 'productCount', title: t('office.categories.products'), width: 120 },
            {
              accessor: 'actions',
              title: t('office.actionsColumn'),
              width: 110,
              textAlign: 'right',
              render: (c) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setEditing(c)}
                    aria-label={t('office.editNamed', { name: c.name })}
                  >
                    <PencilIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(c)}
                    aria-label={t('office.deleteNamed', { name: c.name })}
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
        <CategoryForm
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office.categories.confirmDelete')}
        message={deleting?.name}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting._id });
            after.done('office.categories.deleted');
          } catch (error) {
            after.failed(error);
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
