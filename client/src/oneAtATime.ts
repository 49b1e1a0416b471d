import { useCallback, useRef, useState } from 'react';

// A confirm button sends its request once, however fast it is clicked. A mutation's
// `isPending` comes too late for that: it changes after the next render, and a double click
// delivers both clicks before it (the office saw "…を発行しました" and "already cancelled" from
// one cancel). The guard here is set in the first click itself.

/**
 * `run(action)` runs one action at a time: a call while one runs is dropped. `running` is for
 * the button (disabled and loading while it runs).
 */
export function useOneAtATime() {
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      await action();
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);
  return { running, run };
}
