import { Button, Group, Modal, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

// A screen of several forms, each saved on its own (Settings): leaving it by one of the app's
// own links while a form holds typed changes asks first, as the browser already asks before a
// reload or a closed tab. A router supports one blocker at a time, so the screen holds one
// guard and each form only says whether it has changes.

type Report = (form: string, dirty: boolean) => void;
const ReportContext = createContext<Report | null>(null);

/** Says whether this form holds changes not yet saved; nothing outside a guard. */
export function useUnsavedChanges(dirty: boolean): void {
  const report = useContext(ReportContext);
  const form = useId();
  useEffect(() => {
    report?.(form, dirty);
    return () => report?.(form, false);
  }, [report, form, dirty]);
}

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((form, dirty) => {
    setDirtyForms((forms) => {
      if (forms.has(form) === dirty) return forms;
      const next = new Set(forms);
      if (dirty) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);
  const anyDirty = dirtyForms.size > 0;
  // Another page only: a search or hash change on the same screen loses nothing.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  return (
    <ReportContext value={report}>
      {children}
      <Modal
        opened={blocked}
        onClose={() => blocker.reset?.()}
        title={t('settings.leaveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{t('settings.leaveMessage')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('settings.leaveStay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('settings.leaveAnyway')}
          </Button>
        </Group>
      </Modal>
    </ReportContext>
  );
}
