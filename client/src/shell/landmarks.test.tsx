import { Modal } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderAt, renderWithProviders } from '../test/render';
import { fakeServer } from '../test/testServer';
import SignedInFrame from './SignedInFrame';

// Every signed-in screen starts with a "Skip to main content" link (ADR 087): the first Tab
// stop, in the reader's language, taking the focus past the top bar and the office's sidebar
// to the screen's title. The floating home button is in a landmark, and an open dialog adds no
// second banner.

const manager = makeUser({ role: 'manager', userType: 'Employee', name: 'Sita' });

function renderFrame(path = '/admin/invoice') {
  const { ServerProvider } = fakeServer({});
  return renderAt(
    <ServerProvider>
      <SignedInFrame user={manager} />
    </ServerProvider>,
    path,
    fakeAuth({ user: manager }),
  );
}

/** The elements a Tab reaches, in order (no positive tabindex in the app). */
function tabStops(): HTMLElement[] {
  return [
    ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, [tabindex]'),
  ].filter((el) => el.tabIndex >= 0 && !el.hasAttribute('disabled'));
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the skip link', () => {
  it('is the first Tab stop, named in each language', async () => {
    for (const [language, name] of [
      ['en', 'Skip to main content'],
      ['ne', 'मुख्य सामग्रीमा जानुहोस्'],
      ['ja', '本文へスキップ'],
    ] as const) {
      await i18n.changeLanguage(language);
      const { unmount } = renderFrame();
      const skip = screen.getByRole('link', { name });
      expect(tabStops()[0]).toBe(skip);
      expect(skip.getAttribute('href')).toBe('#main-content');
      expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
      unmount();
    }
  });

  it("takes the focus to the screen's title, past the sidebar, or to <main> without one", () => {
    const { container } = renderFrame();
    const main = container.ownerDocument.querySelector('main');
    if (!main) throw new Error('no main');
    // A screen as the office draws one: a sidebar of links, then the title and the content.
    main.insertAdjacentHTML(
      'beforeend',
      '<nav aria-label="Sidebar"><a href="/admin/customer">Customers</a></nav><h1>Invoices</h1><button>New invoice</button>',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Invoices' }));
    // Focusable for the skip only: a click on the page's blank space leaves it alone after.
    screen.getByRole('heading', { name: 'Invoices' }).blur();
    expect(screen.getByRole('heading', { name: 'Invoices' }).hasAttribute('tabindex')).toBe(false);

    main.querySelector('h1')?.remove();
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(main);
  });

  it('leaves the address as it was (no #main-content for the router to read)', () => {
    renderFrame('/admin/invoice');
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/invoice');
    expect(window.location.hash).toBe('');
  });
});

describe('the floating home button', () => {
  it('is inside a navigation landmark named Shortcuts', () => {
    renderFrame('/admin/invoice');
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(
      '/admin',
    );
  });
});

describe('an open dialog', () => {
  it("adds no second banner: its head is not a page's header", () => {
    renderWithProviders(
      <>
        <header>Top bar</header>
        <Modal opened onClose={() => {}} title="Add employee">
          <p>Fields</p>
        </Modal>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Add employee' })).toBeTruthy();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});
