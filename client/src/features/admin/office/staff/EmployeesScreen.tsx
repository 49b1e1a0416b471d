import {
  ActionIcon,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_ROLES } from '../../../../../../shared/enums';
import { displayPhone } from '../../../../../../shared/format';
import {
  type EmployeeInput,
  type EmployeeOut,
  employeeInput,
  employeeUpdateInput,
} from '../../../../../../shared/schemas/office';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DataTable } from '../../../../components/DataTable';
import { FetchFailed } from '../../../../components/LoadState';
import { Phone } from '../../../../components/Phone';
import { FocusBack, useFocusBack } from '../../../../components/useFocusBack';
import { trpc } from '../../../../trpc';
import { useAuth } from '../../../auth/AuthContext';
import { ResetPasswordModal } from '../../../auth/PasswordForms';
import { AdminSidebarLayout, officeCrumbs } from '../../AdminSidebarLayout';
import { WholeBadge } from '../../WholeBadge';
import { PencilIcon, TrashIcon } from '../customers/CustomerCard';
import { appErrorOf, fieldErrorText } from '../shared/errors';
import { LastChanged } from '../shared/History';
import { useAfterChange } from '../shared/useOfficeMutation';

const validateNew = schemaResolver(employeeInput, { sync: true });
// Editing: the id is not a form field, and a blank password keeps the old one.
const validateEdit = schemaResolver(employeeUpdateInput.omit({ id: true }), { sync: true });

function EmployeeForm({ employee, onClose }: { employee: EmployeeOut | null; onClose(): void }) {
  const { t } = useTranslation();
  useFocusBack();
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === true;
  const after = useAfterChange();
  const create = trpc.employees.create.useMutation();
  const update = trpc.employees.update.useMutation();
  const form = useForm<EmployeeInput>({
    mode: 'controlled',
    initialValues: {
      name: employee?.name ?? '',
      username: employee?.username ?? '',
      phoneNumber: displayPhone(employee?.phoneNumber),
      password: '',
      role: (employee?.role ?? '') as EmployeeInput['role'],
    },
    validate: employee ? (validateEdit as never) : validateNew,
    validateInputOnChange: true,
  });
  const input = (name: keyof EmployeeInput) => {
    const p = form.getInputProps(name);
    return { ...p, error: fieldErrorText(t, p.error) };
  };
  const submit = async (values: EmployeeInput) => {
    try {
      if (employee) await update.mutateAsync({ ...values, id: employee._id });
      else await create.mutateAsync(values);
      after.done(employee ? 'office.employees.updated' : 'office.employees.created');
      onClose();
    } catch (error) {
      const { issues } = appErrorOf(error);
      if (issues) form.setErrors(issues);
      after.failed(error);
    }
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={employee ? t('office.employees.edit') : t('office.employees.add')}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('office.employees.name')} withAsterisk {...input('name')} />
          <TextInput
            label={t('office.employees.username')}
            withAsterisk
            autoComplete="off"
            autoCapitalize="none"
            {...input('username')}
          />
          <TextInput
            label={t('office.employees.phoneNumber')}
            withAsterisk
            inputMode="tel"
            {...input('phoneNumber')}
          />
          <PasswordInput
            label={t('office.employees.password')}
            withAsterisk={!employee}
            autoComplete="new-password"
            description={employee ? t('office.keepPassword') : undefined}
            {...input('password')}
          />
          <Select
            label={t('office.employees.role')}
            withAsterisk
            data={EMPLOYEE_ROLES.map((r) => ({
              value: r,
              label: t(`office.employees.roles.${r}`),
              // Only an admin makes or changes a manager (DESIGN §2).
              disabled: r === 'manager' && !isAdmin,
            }))}
            comboboxProps={{ withinPortal: true }}
            {...input('role')}
          />
          {employee && <LastChanged entity="employee" id={employee._id} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {employee ? t('office.save') : t('office.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/employee: drivers and managers. */
export function EmployeesScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // Only an admin changes, resets or deletes a manager (DESIGN §2; the server refuses a
  // manager with 403): a manager sees why on a manager's row instead of buttons that fail.
  const mayManage = (e: EmployeeOut) => e.role !== 'manager' || user?.isAdmin === true;
  const list = trpc.employees.list.useQuery();
  const remove = trpc.employees.remove.useMutation();
  const after = useAfterChange();
  const [editing, setEditing] = useState<EmployeeOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmployeeOut | null>(null);
  const [resetting, setResetting] = useState<EmployeeOut | null>(null);
  return (
    <AdminSidebarLayout
      title={t('nav.employees')}
      crumbs={officeCrumbs(t, t('nav.employees'))}
      actions={<Button onClick={() => setEditing('new')}>{t('office.employees.add')}</Button>}
    >
      {list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          aria-label={t('nav.employees')}
          fetching={list.isPending}
          records={list.data ?? []}
          idAccessor="_id"
          noRecordsText={t('guide.empty.employees')}
          columns={[
            { accessor: 'name', title: t('office.employees.name') },
            { accessor: 'username', title: t('office.employees.username') },
            {
              accessor: 'phoneNumber',
              title: t('office.employees.phoneNumber'),
              render: (e) => <Phone number={e.phoneNumber} />,
            },
            {
              accessor: 'role',
              title: t('office.employees.role'),
              render: (e) => (
                <WholeBadge variant="light" color={e.role === 'manager' ? 'grape' : 'blue'}>
                  {t(`office.employees.roles.${e.role}`)}
                </WholeBadge>
              ),
            },
            {
              accessor: 'actions',
              title: t('office.actionsColumn'),
              // No fixed width: the column takes what its buttons need in each language
              // (Japanese "パスワードをリセット" was cut inside a 230 px column).
              textAlign: 'right',
              render: (e) =>
                mayManage(e) ? (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setEditing(e)}
                      aria-label={t('office.editNamed', { name: e.name })}
                    >
                      <PencilIcon />
                    </ActionIcon>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      flex="none"
                      onClick={() => setResetting(e)}
                      aria-label={t('login.passwords.resetOf', { name: e.name })}
                    >
                      {t('login.passwords.reset')}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(e)}
                      aria-label={t('office.deleteNamed', { name: e.name })}
                    >
                      <TrashIcon />
                    </ActionIcon>
                  </Group>
                ) : (
                  <Text size="xs" c="gray.7" ta="right" data-testid="manager-admin-only">
                    {t('errors.employee.managerAdminOnly')}
                  </Text>
                ),
            },
          ]}
        />
      )}
      {resetting && (
        <FocusBack>
          <ResetPasswordModal
            target={{ kind: 'employee', id: resetting._id, name: resetting.name }}
            onClose={() => setResetting(null)}
          />
        </FocusBack>
      )}
      {editing && (
        <EmployeeForm
          employee={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office.employees.confirmDelete')}
        message={deleting?.name}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting._id });
            after.done('office.employees.deleted');
          } catch (error) {
            after.failed(error);
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </AdminSidebarLayout>
  );
}
