import { useEffect, useRef, useState } from 'react';
import classes from './scrollCue.module.css';

/*
 * A table wider than its box scrolls sideways, and on a phone nothing says so: the scroll
 * bar shows only while it moves, and a column cut at the edge reads like the last one. While
 * more of the table lies to one side, that edge fades into a shadow; at the end it is gone.
 * Nothing overflows (a desktop), nothing is drawn.
 *
 * Measured, not pure CSS: the shadow-by-background trick is hidden by the rows' own striped
 * and hover backgrounds. One scroll listener and a ResizeObserver (the box turns, the rows
 * arrive) on the scroll area's viewport.
 */

export interface ScrollCue {
  /** For the scroll area's `viewportRef`. */
  viewport: React.RefObject<HTMLDivElement | null>;
  /** Spread on the scroll area's root (position: relative): its class and which sides have more. */
  rootProps: {
    className: string;
    'data-more-left'?: true;
    'data-more-right'?: true;
  };
}

export function useScrollCue(): ScrollCue {
  const viewport = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const box = viewport.current;
    if (!box) return;
    const measure = () => {
      // A pixel's slack: zoomed screens stop a fraction short of the end.
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);
  return {
    viewport,
    rootProps: {
      className: classes.cue ?? '',
      ...(more.left ? { 'data-more-left': true as const } : {}),
      ...(more.right ? { 'data-more-right': true as const } : {}),
    },
  };
}
