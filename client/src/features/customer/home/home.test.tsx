import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import type { RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import type { Answers } from '../../../test/testServer';
import { CustomerHome } from './CustomerHome';
import { POPUP_SHOWN_KEY } from './popupTiming';

type Information = RouterOutputs['information']['active'][number];
const always = { productId: null, categoryId: null, startsOn: null, endsOn: null };

const popup: Information = {
  _id: 'i1',
  name: 'Frozen momo special',
  image: '/uploads/popup.png',
  type: 'popup',
  active: true,
  ...always,
};
const slides: Information[] = [
  {
    _id: 's1',
    name: 'New crop basmati',
    image: '/uploads/s1.png',
    type: 'slider',
    active: true,
    ...always,
  },
  {
    _id: 's2',
    name: 'Thai Items week',
    image: '/uploads/s2.png',
    type: 'slider',
    active: true,
    ...always,
  },
];

function openHome(answers: Answers = {}) {
  return renderScreen(<CustomerHome />, {
    path: '/customer',
    answers: {
      'information.active': () => slides,
      'information.activePopup': () => popup,
      ...answers,
    },
  });
}

/** Lets the fake server's promises and react-query's scheduled notifications run. */
async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('customer home', () => {
  it('shows the Thai Products tile only when the catalogue has the Thai Items category', async () => {
    openHome({ 'categories.list': () => [{ _id: 'c1', name: '米・穀類' }] });
    await flush();
    await flush();
    expect(screen.getByRole('link', { name: 'All Products' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Thai Products' })).toBeNull();
  });

  it('links the Thai Products tile where the Thai Items category is', async () => {
    openHome({
      'categories.list': () => [
        { _id: 'c1', name: 'Rice & Flour' },
        { _id: 'c2', name: 'Thai Items' },
      ],
    });
    await flush();
    await flush();
    expect(screen.getByRole('link', { name: 'Thai Products' }).getAttribute('href')).toBe(
      '/customer/thaiproducts',
    );
  });

  it('shows the active slider pictures above the tiles', async () => {
    // The slider is its own chunk (React.lazy): have it loaded, then let the lazy render settle.
    await import('./HomeSlider');
    openHome({ 'information.activePopup': () => null });
    await flush();
    await flush();
    expect(screen.getByRole('img', { name: 'New crop basmati' }).getAttribute('src')).toBe(
      '/uploads/s1.png',
    );
    expect(screen.getByRole('img', { name: 'Thai Items week' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All Products/ })).toBeTruthy();
  });

  it("says which picture shows in the reader's language, not the library's English", async () => {
    await import('./HomeSlider');
    await act(() => i18n.changeLanguage('ne'));
    try {
      openHome({ 'information.activePopup': () => null });
      await flush();
      await flush();
      const status = screen.getByTestId('slide-status');
      expect(status.getAttribute('role')).toBe('status');
      expect(status.textContent).toBe('जम्मा 2 मध्ये तस्बिर 1');
      // Moving by itself every 2.5 s, it is not announced.
      expect(status.getAttribute('aria-live')).toBe('off');
      // The library's own "Slide 1 of 2" is hidden by the slider's class (HomeSlider.module.css).
      const english = screen.getByText(/^Slide 1 of 2$/);
      expect(english.parentElement?.className).toMatch(/slider/);
      const rule = readFileSync(
        resolve('client/src/features/customer/home/HomeSlider.module.css'),
        'utf8',
      );
      expect(rule.replace(/\s+/g, ' ')).toContain('.slider > [role="status"] { display: none; }');
      // A picture the person moves to is said.
      fireEvent.click(screen.getByRole('button', { name: 'अर्को तस्बिर' }));
      await flush();
      expect(status.getAttribute('aria-live')).toBe('polite');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("names the slider's parts in the reader's language, not the library's English", async () => {
    await import('./HomeSlider');
    for (const [language, names] of Object.entries({
      ne: { slides: ['जम्मा 2 मध्ये तस्बिर 1', 'जम्मा 2 मध्ये तस्बिर 2'], dots: 'तस्बिरहरू' },
      ja: { slides: ['2枚中1枚目の画像', '2枚中2枚目の画像'], dots: '画像一覧' },
    })) {
      await act(() => i18n.changeLanguage(language));
      try {
        const { unmount } = openHome({ 'information.activePopup': () => null });
        await flush();
        await flush();
        const slider = screen.getByRole('region', { name: i18n.t('promo.slider') });
        expect(slider.getAttribute('aria-roledescription')).toBe(i18n.t('promo.roleCarousel'));
        const groups = within(slider).getAllByRole('group');
        expect(groups.map((g) => g.getAttribute('aria-roledescription'))).toEqual([
          i18n.t('promo.roleSlide'),
          i18n.t('promo.roleSlide'),
        ]);
        // Found by their accessible names, as a screen reader reads them (aria-labelledby
        // before aria-label).
        for (const [i, name] of names.slides.entries()) {
          expect(within(slider).getByRole('group', { name })).toBe(groups[i]);
        }
        expect(within(slider).getByRole('tablist', { name: names.dots })).toBeTruthy();
        expect(screen.queryByRole('group', { name: 'Carousel slide' })).toBeNull();
        expect(screen.queryByRole('tablist', { name: 'Slides' })).toBeNull();
        unmount();
      } finally {
        await act(() => i18n.changeLanguage('en'));
      }
    }
  });

  it('shows the popup 800 ms after it is known, counts down 10 s and closes itself', async () => {
    openHome();
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    const dialog = screen.getByRole('dialog', { name: 'News for you' });
    expect(dialog).toBeTruthy();
    expect(screen.getByTestId('popup-countdown').textContent).toBe('Closes in 10 s');
    expect(Number(localStorage.getItem(POPUP_SHOWN_KEY))).toBeGreaterThan(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByTestId('popup-countdown').textContent).toBe('Closes in 7 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('can be closed by hand', async () => {
    openHome();
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says its countdown once, with the popup, not every second', async () => {
    openHome();
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    const countdown = screen.getByTestId('popup-countdown');
    expect(countdown.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    // Part of the dialog's description: read when it opens.
    const dialog = screen.getByRole('dialog', { name: 'News for you' });
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.contains(countdown)).toBe(true);
  });

  it('closing by itself, gives the focus back where it was', async () => {
    openHome();
    await flush();
    const tile = screen.getByRole('link', { name: 'All Products' });
    tile.focus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(document.activeElement).toBe(tile);
  });

  it('opened over a page nothing had focused yet: the focus goes to its heading, not <body>', async () => {
    openHome();
    await flush();
    expect(document.activeElement).toBe(document.body);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    // Moved into the popup, as a dialog does.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('is not shown again within 15 minutes', async () => {
    localStorage.setItem(POPUP_SHOWN_KEY, String(Date.now() - 14 * 60 * 1000));
    openHome();
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is shown again after 15 minutes', async () => {
    localStorage.setItem(POPUP_SHOWN_KEY, String(Date.now() - 15 * 60 * 1000));
    openHome();
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(screen.getByRole('dialog', { name: 'News for you' })).toBeTruthy();
  });
});
