// The message typed at the checkout survives a failed placement, a reload or a sign-in (this
// tab only), so a restaurant owner never types it twice.
import { useState } from 'react';

const MESSAGE_KEY = 'checkout-message';

function readMessage(): string {
  try {
    return sessionStorage.getItem(MESSAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the message for this tab; an empty one (the order went) forgets it. */
export function keepMessage(value: string): void {
  try {
    if (value) sessionStorage.setItem(MESSAGE_KEY, value);
    else sessionStorage.removeItem(MESSAGE_KEY);
  } catch {
    // Storage refused (private mode): the message lives in the screen only.
  }
}

/**
 * The message as kept for this tab, else `fallback` (the message of an unanswered attempt
 * from before a reload); every change is kept at once.
 */
export function useCheckoutMessage(fallback: string | undefined) {
  const [message, setMessageState] = useState(() => readMessage() || fallback || '');
  const setMessage = (value: string) => {
    setMessageState(value);
    keepMessage(value);
  };
  return [message, setMessage] as const;
}
