import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_TITLES, type PersonTitle } from '../../../shared/enums';
import type { PersonOut } from '../../../shared/schemas/people';
import { errorText } from '../errors';
import { trpc } from '../trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { notifyError, notifySuccess } from './notify';

// A restaurant's people (ADR 036): the owner's People screen (no customerId) and the office's
// customer screen (with one) show the same list and forms over their own procedures.

export function PeoplePanel({ customerId }: { customerId?: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const own = customerId === undefined;
  const ownList = trpc.people.list.useQuery(undefined, { enabled: own });
  const officeList = trpc.people.ofCustomer.useQuery(
    { customerId: customerId ?? '' },
    { enabled: !own },
  );
  const list = own ? ownList : officeList;
  const refresh = () => utils.people.invalidate();
  const failed = (e: unknown) => notifyError(errorText(t, e, 'errors.common.mutationFailed'));

  // Every hook called on every render; the owner's or the office's is used.
  const addOwn = trpc.people.add.useMutation();
  const addFor = trpc.people.addFor.useMutation();
  const removeOwn = trpc.people.remove.useMutation();
  const removeFor = trpc.people.removeFor.useMutation();
  const resetOwn = trpc.people.resetPassword.useMutation();
  const resetFor = trpc.people.resetPasswordFor.useMutation();
  const add = own ? addOwn : addFor;
  const remove = own ? removeOwn : removeFor;
  const reset = own ? resetOwn : resetFor;
  const scope = own ? {} : { customerId: customerId as string };

  const [form, setForm] = useState({ username: '', name: '', title: 'chef', password: '' });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<PersonOut | null>(null);
  const [resetting, setResetting] = useState<PersonOut | null>(null);
  const [newPassword, setNewPassword] = useState('');
  // The show/hide buttons named in the interface's language (Mantine's own name is English).
  const [showPassword, setShowPassword] = useState(false);
  const [showNewPassword, setShowNewPassword] = useState(false);

  const fieldError = (field: string) =>
    issues[field] ? t(`errors.${issues[field]}`, { defaultValue: issues[field] }) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setIssues({});
    try {
      await add.mutateAsync({ ...scope, ...form, title: form.title as PersonTitle } as never);
      notifySuccess(t('people.added', { name: form.name }));
      setForm({ username: '', name: '', title: 'chef', password: '' });
      await refresh();
    } catch (err) {
      const data = (err as { data?: { issues?: Record<string, string> } }).data;
      if (data?.issues) setIssues(data.issues);
      failed(err);
    }
  }

  const titleLabel = (title: PersonTitle) => t(`people.titles.${title}`);

  return (
    <Stack gap="md">
      <Text c="gray.7">{t('people.intro')}</Text>
      {list.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="red">{t('people.loadFailed')}</Alert>
      ) : (
        <Stack gap="xs" data-testid="people-list">
          {list.data.map((p) => (
            <Card key={p._id} withBorder padding="sm">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>{p.name}</Text>
                  <Text size="sm" c="gray.7">
                    {p.username}
                  </Text>
                </div>
                <Group gap="xs">
                  <Badge variant="light" color={p.owner ? 'blue' : 'gray'} c="dark">
                    {titleLabel(p.title)}
                  </Badge>
                  {!p.owner && (
                    <>
                      <Button size="xs" variant="default" onClick={() => setResetting(p)}>
                        {t('people.resetPassword')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="outline"
                        onClick={() => setRemoving(p)}
                        aria-label={`${t('people.remove')} ${p.name}`}
                      >
                        {t('people.remove')}
                      </Button>
                    </>
                  )}
                </Group>
              </Group>
            </Card>
          ))}
          {list.data.length <= 1 && <Text c="gray.7">{t('people.empty')}</Text>}
        </Stack>
      )}

      <Card withBorder component="form" onSubmit={submit} aria-label={t('people.add')}>
        <Stack gap="sm">
          <Text fw={700}>{t('people.add')}</Text>
          <TextInput
            label={t('people.username')}
            required
            autoComplete="off"
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.currentTarget.value })}
            error={fieldError('username')}
          />
          <TextInput
            label={t('people.name')}
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            error={fieldError('name')}
          />
          <Select
            label={t('people.role')}
            data={PERSON_TITLES.filter((x) => x !== 'owner').map((x) => ({
              value: x,
              label: titleLabel(x),
            }))}
            value={form.title}
            onChange={(v) => setForm({ ...form, title: v ?? 'staff' })}
            allowDeselect={false}
          />
          <PasswordInput
            label={t('people.password')}
            visible={showPassword}
            onVisibilityChange={setShowPassword}
            visibilityToggleButtonProps={{
              'aria-label': showPassword ? t('login.hidePassword') : t('login.showPassword'),
            }}
            required
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
            error={fieldError('password')}
          />
          <Group>
            <Button type="submit" loading={add.isPending}>
              {t('people.add')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <ConfirmDialog
        opened={removing !== null}
        title={t('people.removeConfirm', { name: removing?.name ?? '' })}
        message={t('people.removeBody')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync({ ...scope, id: removing._id } as never);
            notifySuccess(t('people.removed', { name: removing.name }));
            await refresh();
          } catch (err) {
            failed(err);
          }
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        opened={resetting !== null}
        title={`${t('people.resetPassword')}: ${resetting?.name ?? ''}`}
        confirmLabel={t('people.save')}
        cancelLabel={t('people.cancel')}
        onClose={() => {
          setResetting(null);
          setNewPassword('');
        }}
        onConfirm={async () => {
          if (!resetting) return;
          try {
            await reset.mutateAsync({ ...scope, id: resetting._id, newPassword } as never);
            notifySuccess(t('people.passwordSet'));
          } catch (err) {
            failed(err);
          }
          setResetting(null);
          setNewPassword('');
        }}
      >
        <PasswordInput
          label={t('people.newPassword')}
          visible={showNewPassword}
          onVisibilityChange={setShowNewPassword}
          visibilityToggleButtonProps={{
            'aria-label': showNewPassword ? t('login.hidePassword') : t('login.showPassword'),
          }}
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
        />
      </ConfirmDialog>
    </Stack>
  );
}
