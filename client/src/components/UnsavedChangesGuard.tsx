import { Button, Group, Modal, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { afterDialogEntry, useBackCloses } from './useBackCloses';

// A screen of several forms, each saved on its own (Settings): leaving it while a form holds
// typed changes asks first. The screen holds one guard; each form only says whether it has
// changes. Three ways out lose typed work, each caught while (and only while) something is
// unsaved:
// - a reload or a closed tab: the browser's own question (`beforeunload`);
// - one of the app's own links (the logo, the menu, breadcrumbs, Home): a click on an in-app
//   link to another page is taken before the router sees it, and the guard asks;
// - the browser's Back: one history entry of the same URL sits on top (useBackCloses, as an
//   open dialog holds Back); Back takes it away, the page stays, and the guard asks with the
//   same dialog. Stay puts the entry back; Leave goes back past the page. Saved or undone, the
//   entry is taken away again, so Back then simply goes back and the history does not grow.
//
// Why not react-router's useBlocker: it works only under a data router, and the data router
// adds 14 KB (brotli) to the login screen, past its 150 KB target (ADR 063, ADR 065).

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
  // Where the question came from: a link to a page, or the browser's Back (null: no question).
  const [asking, setAsking] = useState<{ to: string } | 'back' | null>(null);
  // Leave was chosen: nothing holds the way out any more. Also a ref: Back past the page may
  // unload it (it was opened by its address) before React has taken the listener away.
  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);
  const holding = anyDirty && !leaving;
  useBackCloses(holding && asking !== 'back', () => setAsking('back'));
  useEffect(() => {
    if (!holding) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (!left.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [holding]);
  useEffect(() => {
    if (!holding) return;
    // Capture phase on the document: before React's own listener on the root, so the link's
    // navigation never starts.
    const onClick = (e: MouseEvent) => {
      const to = inAppPageOf(e);
      if (to === null) return;
      e.preventDefault();
      e.stopPropagation();
      setAsking({ to });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [holding]);
  const leave = async () => {
    const from = asking;
    setAsking(null);
    setLeaving(true);
    left.current = true;
    if (from === 'back') {
      // Back already took the held entry: one more step leaves the page.
      window.history.back();
    } else if (from !== null) {
      // The held entry goes first, so the page pushed next sits where it was, not above it.
      await afterDialogEntry();
      navigate(from.to);
    }
  };
  return (
    <ReportContext value={report}>
      {children}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t('settings.leaveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{t('settings.leaveMessage')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(null)} data-autofocus>
            {t('settings.leaveStay')}
          </Button>
          <Button color="red" onClick={() => void leave()}>
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
