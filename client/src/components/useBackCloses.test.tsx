import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBackCloses } from './useBackCloses';

// The hook alone, on jsdom's history: Back closes the top dialog only, React's StrictMode
// (every effect mounted twice: a close and an open at once) leaves one entry, and an entry left
// behind by a dialog closed under another page is stepped over.

function Dialog({ name, onClose }: { name: string; onClose(): void }) {
  useBackCloses(true, onClose);
  return (
    <section aria-label={name}>
      <button type="button" onClick={onClose}>
        Close {name}
      </button>
    </section>
  );
}

function Page({ held = false }: { held?: boolean }) {
  const [a, setA] = useState(false);
  const [b, setB] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setA(true)}>
        Open A
      </button>
      {a && (
        <>
          <Dialog name="A" onClose={() => (held ? undefined : setA(false))} />
          <button type="button" onClick={() => setB(true)}>
            Open B
          </button>
        </>
      )}
      {b && <Dialog name="B" onClose={() => setB(false)} />}
    </>
  );
}

const marker = (): string | undefined => window.history.state?.backCloses;
const settled = () => waitFor(() => expect(marker()).toBeUndefined());
const back = () =>
  act(async () => {
    window.history.back();
  });
const shown = (name: string) => screen.queryByRole('region', { name }) !== null;

beforeEach(async () => {
  await settled();
  window.history.pushState({ page: 1 }, '', '/here');
});

describe('useBackCloses', () => {
  it('Back closes the top dialog only, then the one under it', async () => {
    render(<Page />);
    const length = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Open A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open B' }));
    expect(window.history.length).toBe(length + 2);
    // The page's own state is kept under the marker.
    expect(window.history.state.page).toBe(1);
    await back();
    await waitFor(() => expect(shown('B')).toBe(false));
    expect(shown('A')).toBe(true);
    await back();
    await waitFor(() => expect(shown('A')).toBe(false));
    expect(window.history.state).toEqual({ page: 1 });
    expect(window.location.pathname).toBe('/here');
  });

  it('under StrictMode (mounted, unmounted, mounted again at once) one entry is left', async () => {
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    const length = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Open A' }));
    await waitFor(() => expect(marker()).toBeDefined());
    // The first mount's entry is taken away before the second one's is pushed.
    await new Promise((r) => setTimeout(r, 20));
    expect(window.history.length).toBe(length + 1);
    await back();
    await waitFor(() => expect(shown('A')).toBe(false));
    expect(window.history.state).toEqual({ page: 1 });
  });

  it('a dialog that stays open when asked to close holds Back again', async () => {
    render(<Page held />);
    fireEvent.click(screen.getByRole('button', { name: 'Open A' }));
    const first = marker();
    await back();
    await waitFor(() => expect(marker()).not.toBe(first));
    expect(marker()).toBeDefined();
    expect(shown('A')).toBe(true);
  });

  it('the entry of a dialog closed under another page is stepped over by Back', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open A' }));
    const under = window.history.state;
    // Another page is pushed over the dialog, which then closes (its entry is no longer on top).
    window.history.pushState({ page: 2 }, '', '/there');
    fireEvent.click(screen.getByRole('button', { name: 'Close A' }));
    expect(window.history.state).toEqual({ page: 2 });
    await back();
    // One press goes past the dead entry to the page's own one.
    await waitFor(() => expect(window.history.state).toEqual({ page: 1 }));
    expect(under.backCloses).toBeDefined();
    expect(window.location.pathname).toBe('/here');
  });
});
