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
import { useNavigate } from 'react-router';

// A screen of several forms, each saved on its own (Settings): leaving it by one of the app's
// own links while a form holds typed changes asks first, as the browser already asks before a
// reload or a closed tab. The screen holds one guard; each form only says whether it has
// changes.
//
// Why not react-router's useBlocker: it works only under a data router, and the data router
// adds 14 KB (brotli) to the login screen, past its 150 KB target (ADR 063). Every way out that
// loses typed work here is a link (the logo, the menu, breadcrumbs, Home): the guard takes a
// click on an in-app link to another page before the router sees it, asks, and navigates
// itself on Leave. The browser's Back is not asked about.

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
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useEffect(() => {
    if (!anyDirty) return;
    // Capture phase on the document: before React's own listener on the root, so the link's
    // navigation never starts.
    const onClick = (e: MouseEvent) => {
      const to = inAppPageOf(e);
      if (to === null) return;
      e.preventDefault();
      e.stopPropagation();
      setLeavingTo(to);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [anyDirty]);
  const leave = () => {
    const to = leavingTo;
    setLeavingTo(null);
    if (to !== null) navigate(to);
  };
  return (
    <ReportContext value={report}>
      {children}
      <Modal
        opened={leavingTo !== null}
        onClose={() => setLeavingTo(null)}
        title={t('settings.leaveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{t('settings.leaveMessage')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setLeavingTo(null)} data-autofocus>
            {t('settings.leaveStay')}
          </Button>
          <Button color="red" onClick={leave}>
            {t('settings.leaveAnyway')}
          </Button>
        </Group>
      </Modal>
    </ReportContext>
  );
}

/**
 * The page a plain click goes to when it is on a link to another page of this app; else null
 * (a new tab, a download, another site, the same page).
 */
function inAppPageOf(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
    return null;
  }
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) {
    return null;
  }
  return url.pathname + url.search + url.hash;
}
