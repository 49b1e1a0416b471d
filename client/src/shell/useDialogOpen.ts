import { useEffect, useState } from 'react';

/** What every modal dialog renders (Mantine's Modal and Drawer alike), in its portal. */
const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

/**
 * Whether a modal dialog is open anywhere on the page. The dialogs live in many screens and
 * open by their own state, so the page is watched rather than each dialog made to report.
 */
export function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(document.querySelector(OPEN_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return open;
}
