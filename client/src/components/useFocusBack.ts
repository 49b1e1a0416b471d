import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Gives the keyboard's focus back to what opened a dialog (the "Add customer" button) when the
 * dialog goes away, for a dialog that is mounted open and unmounted on close
 * (`{editing && <CustomerForm />}` with `<Modal opened>`). Mantine's returnFocus cannot: it
 * notes the opener only when `opened` changes after the first render and gives focus back only
 * when it changes again, and such a dialog is born open and leaves with its Modal. Without this
 * Escape or Cancel leaves the focus on <body>, and a keyboard user starts again from the top.
 *
 * Call it in the dialog's component. Focus moves only if nothing else took it (it is on <body>)
 * and the opener is still on the page.
 */
export function useFocusBack(): void {
  // The element focused when the dialog's component first rendered: the opener.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // After the dialog has left the page (and its own focus handling has run); not when the
      // component came straight back (React's StrictMode mounts every effect twice).
      window.setTimeout(() => {
        // The page may be gone by then (a test's teardown).
        if (typeof document === 'undefined') return;
        if (mounted.current || !opener?.isConnected) return;
        const now = document.activeElement;
        if (now === null || now === document.body) opener.focus({ preventScroll: true });
      }, 20);
    };
  }, [opener]);
}

/**
 * useFocusBack for a dialog whose own file is not to change: wrap it where it is mounted
 * (`{paying && <FocusBack><PaymentForm opened /></FocusBack>}`).
 */
export function FocusBack({ children }: { children: ReactNode }): ReactNode {
  useFocusBack();
  return children;
}
