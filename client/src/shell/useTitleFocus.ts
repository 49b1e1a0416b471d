import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How many frames a new screen may take to draw its title (its code or data still coming). */
const FRAMES = 60;

/**
 * After a move to another screen, the keyboard's focus goes to the new screen's title (its h1)
 * when nothing holds it: the tile, card or button that was pressed went with the old screen, and
 * the focus fell to the page, so a keyboard or screen reader user started again from the top bar
 * and heard nothing of where they had arrived. Focus that something kept (a sidebar link, a
 * field the screen focuses itself) is left where it is, and the first screen after a page load
 * is left alone. The title is focused without scrolling, and shows no ring after a tap or click
 * (:focus-visible).
 */
export function useTitleFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each move to another screen
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frames = 0;
    let raf = 0;
    const look = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const title = document.querySelector<HTMLElement>('main h1');
      if (title) {
        if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
        title.focus({ preventScroll: true });
        return;
      }
      if (++frames < FRAMES) raf = requestAnimationFrame(look);
    };
    raf = requestAnimationFrame(look);
    return () => cancelAnimationFrame(raf);
  }, [pathname]);
}
