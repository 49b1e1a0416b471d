import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTitleFocus } from './useTitleFocus';

// A keyboard or screen reader user who presses a tile or a card's button that leaves with its
// screen lands on the new screen's title, not on the page's start; focus something kept (a
// link that stays) is not moved; the first screen after a page load is left alone.

function Frame() {
  useTitleFocus();
  return (
    <>
      <nav>
        <Link to="/b">Invoices (stays)</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/a" element={<Home />} />
          <Route path="/b" element={<h1>Invoices</h1>} />
          <Route path="/c" element={<LateTitle />} />
        </Routes>
      </main>
    </>
  );
}

function Home() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Home</h1>
      <button type="button" onClick={() => navigate('/b')}>
        Invoices tile
      </button>
      <button type="button" onClick={() => navigate('/c')}>
        Closing tile
      </button>
    </>
  );
}

/** A screen whose title comes a moment later (its code or data on the way). */
function LateTitle() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <h1>Closing</h1> : null;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Frame />
    </MemoryRouter>,
  );

describe('the focus after moving to another screen', () => {
  it('goes to the new title when the pressed tile went with the old screen', async () => {
    renderAt('/a');
    // The first screen of a page load keeps the browser's own start.
    expect(document.activeElement).toBe(document.body);
    const tile = screen.getByRole('button', { name: 'Invoices tile' });
    tile.focus();
    fireEvent.click(tile);
    const title = await screen.findByRole('heading', { name: 'Invoices' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a title that comes a moment later', async () => {
    renderAt('/a');
    const tile = screen.getByRole('button', { name: 'Closing tile' });
    tile.focus();
    fireEvent.click(tile);
    const title = await screen.findByRole('heading', { name: 'Closing' });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('leaves the focus on a link that stays', async () => {
    renderAt('/a');
    const link = screen.getByRole('link', { name: 'Invoices (stays)' });
    link.focus();
    fireEvent.click(link);
    await screen.findByRole('heading', { name: 'Invoices' });
    // Some frames later it is still on the link.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(link);
  });
});
