import {
  ActionIcon,
  Button,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INFORMATION_TYPES } from '../../../../../../shared/enums';
import type { InformationOut } from '../../../../../../shared/schemas/information';
import { type InformationInput, informationInput } from '../../../../../../shared/schemas/office';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/DataTable';
import { DateField } from '../../../../components/dates/DateField';
import { FetchFailed } from '../../../../components/LoadState';
import { notifyError } from '../../../../components/notify';
import { useFocusBack } from '../../../../components/useFocusBack';
import { trpc } from '../../../../trpc';
import { cardImage, deleteUploaded } from '../../../../upload';
import { AdminSidebarLayout, officeCrumbs } from '../../AdminSidebarLayout';
import { WholeBadge } from '../../WholeBadge';
import { PencilIcon, TrashIcon } from '../customers/CustomerCard';
import { appErrorOf, errorText, fieldErrorText } from '../shared/errors';
import { LastChanged } from '../shared/History';
import { ImageUpload } from '../shared/ImageUpload';
import { useAfterChange } from '../shared/useOfficeMutation';

const validate = schemaResolver(informationInput, { sync: true });

function InformationForm({ item, onClose }: { item: InformationOut | null; onClose(): void }) {
  const { t } = useTranslation();
  useFocusBack();
  const after = useAfterChange();
  const create = trpc.information.create.useMutation();
  const update = trpc.information.update.useMutation();
  const [uploading, setUploading] = useState(false);
  const form = useForm<InformationInput>({
    mode: 'controlled',
    initialValues: {
      name: item?.name ?? '',
      image: item?.image ?? '',
      type: item?.type ?? 'slider',
      active: item?.active ?? true,
      productId: item?.productId ?? null,
      categoryId: item?.categoryId ?? null,
      startsOn: item?.startsOn ?? '',
      endsOn: item?.endsOn ?? '',
    },
    validate,
    validateInputOnChange: ['name', 'startsOn', 'endsOn'],
  });
  // Where a tap leads: nowhere, a product or a category (ADR 045).
  const products = trpc.products.list.useQuery();
  const categories = trpc.categories.list.useQuery();
  const [linkKind, setLinkKind] = useState<'none' | 'product' | 'category'>(
    item?.productId ? 'product' : item?.categoryId ? 'category' : 'none',
  );
  const chooseKind = (kind: typeof linkKind) => {
    setLinkKind(kind);
    if (kind !== 'product') form.setFieldValue('productId', null);
    if (kind !== 'category') form.setFieldValue('categoryId', null);
  };
  const submit = async (values: InformationInput) => {
    try {
      if (item) await update.mutateAsync({ ...values, id: item._id });
      else await create.mutateAsync(values);
      after.done(item ? 'office.information.updated' : 'office.information.created');
      onClose();
    } catch (error) {
      const { issues } = appErrorOf(error);
      if (issues) form.setErrors(issues);
      notifyError(
        appErrorOf(error).code
          ? errorText(t, error)
          : t(item ? 'errors.information.updateFailed' : 'errors.information.createFailed'),
      );
    }
  };
  const name = form.getInputProps('name');
  const noImage = !form.values.image;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={item ? t('office.information.edit') : t('office.information.add')}
      centered
    >
      <form
        onSubmit={form.onSubmit(submit, (errors) => {
          if (errors.image) notifyError(t('errors.upload.imageBeforeSubmit'));
        })}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={t('office.information.name')}
            withAsterisk
            {...name}
            error={fieldErrorText(t, name.error)}
          />
          <Select
            label={t('office.information.type')}
            data={INFORMATION_TYPES.map((v) => ({
              value: v,
              label: t(`office.information.types.${v}`),
            }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
          />
          <ImageUpload
            label={t('office.information.image')}
            value={form.values.image || null}
            onChange={(url) => form.setFieldValue('image', url)}
            onBusy={setUploading}
            error={fieldErrorText(t, form.errors.image)}
          />
          <SegmentedControl
            value={linkKind}
            onChange={(v) => chooseKind(v as typeof linkKind)}
            aria-label={t('office.information.linkKind')}
            data={[
              { value: 'none', label: t('office.information.linkNone') },
              { value: 'product', label: t('office.information.linkProduct') },
              { value: 'category', label: t('office.information.linkCategory') },
            ]}
          />
          {linkKind === 'product' && (
            <Select
              label={t('office.information.product')}
              searchable
              data={(products.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('productId')}
              error={fieldErrorText(t, form.errors.productId)}
            />
          )}
          {linkKind === 'category' && (
            <Select
              label={t('office.information.category')}
              searchable
              data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('categoryId')}
              error={fieldErrorText(t, form.errors.categoryId)}
            />
          )}
          <Group grow align="flex-start">
            <DateField
              label={t('office.information.startsOn')}
              {...form.getInputProps('startsOn')}
              value={String(form.values.startsOn ?? '')}
              error={fieldErrorText(t, form.errors.startsOn)}
            />
            <DateField
              label={t('office.information.endsOn')}
              {...form.getInputProps('endsOn')}
              value={String(form.values.endsOn ?? '')}
              error={fieldErrorText(t, form.errors.endsOn)}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('office.information.daysHint')}
          </Text>
          <Switch
            label={t('office.information.active')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          {item && <LastChanged entity="information" id={item._id} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              // A new item waits for its upload (spec §5).
              disabled={uploading || (!item && noImage)}
            >
              {item ? t('office.save') : t('office.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/information: slider and popup items. */
export function InformationScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<'all' | 'slider' | 'popup'>('all');
  const list = trpc.information.list.useQuery(type === 'all' ? {} : { type });
  const update = trpc.information.update.useMutation();
  const remove = trpc.information.remove.useMutation();
  const after = useAfterChange();
  const [editing, setEditing] = useState<InformationOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InformationOut | null>(null);
  return (
    <AdminSidebarLayout
      title={t('nav.customerSlider')}
      crumbs={officeCrumbs(t, t('nav.customerSlider'))}
      actions={<Button onClick={() => setEditing('new')}>{t('office.information.add')}</Button>}
    >
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as typeof type)}
        data={[
          { value: 'all', label: t('office.information.all') },
          { value: 'slider', label: t('office.information.types.slider') },
          { value: 'popup', label: t('office.information.types.popup') },
        ]}
        aria-label={t('office.information.type')}
      />
      {list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          aria-label={t('nav.customerSlider')}
          fetching={list.isPending}
          records={list.data ?? []}
          idAccessor="_id"
          noRecordsText={t('office.information.none')}
          columns={[
            {
              accessor: 'image',
              title: t('office.information.image'),
              width: 140,
              render: (i) => (
                <Image
                  src={cardImage(i.image)}
                  alt={i.name}
                  h={60}
                  w={120}
                  fit="cover"
                  radius="sm"
                />
              ),
            },
            { accessor: 'name', title: t('office.information.name') },
            {
              accessor: 'type',
              title: t('office.information.type'),
              render: (i) => (
                <WholeBadge variant="light">{t(`office.information.types.${i.type}`)}</WholeBadge>
              ),
            },
            {
              accessor: 'days',
              title: t('office.information.days'),
              render: (i) => (
                <Text size="sm">
                  {i.startsOn || i.endsOn
                    ? t('office.information.daysRange', {
                        from: i.startsOn ?? '…',
                        to: i.endsOn ?? '…',
                      })
                    : t('office.information.always')}
                </Text>
              ),
            },
            {
              accessor: 'active',
              title: t('office.information.active'),
              render: (i) => (
                <Switch
                  checked={i.active}
                  aria-label={t('office.information.activeOf', { name: i.name })}
                  onChange={async (e) => {
                    try {
                      await update.mutateAsync({ id: i._id, active: e.currentTarget.checked });
                      after.done('office.information.updated');
                    } catch (error) {
                      after.failed(error);
                    }
                  }}
                />
              ),
            },
            {
              accessor: 'actions',
              title: t('office.actionsColumn'),
              width: 110,
              textAlign: 'right',
              render: (i) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setEditing(i)}
                    aria-label={t('office.editNamed', { name: i.name })}
                  >
                    <PencilIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(i)}
                    aria-label={t('office.deleteNamed', { name: i.name })}
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
        <InformationForm
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office.information.confirmDelete')}
        message={deleting?.name}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            // The uploaded file first, then the record (spec §7).
            await deleteUploaded(deleting.image);
            await remove.mutateAsync({ id: deleting._id });
            after.done('office.information.deleted');
          } catch (error) {
            after.failed(error);
          }
        }}
        onClose={() => setDeleting(null)}
      />
      <Text size="xs" c="dimmed">
        {t('office.information.hint')}
      </Text>
    </AdminSidebarLayout>
  );
}
