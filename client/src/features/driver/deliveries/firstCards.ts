import { useEffect, useState } from 'react';

/** More cards than a phone's screen shows: those the jobs list draws at once. */
export const FIRST_CARDS = 6;
/** The cards drawn in each task after the first ones. */
export const MORE_CARDS = 4;

/**
 * A long list of cards, its first ones at once and the rest a few at a time, each few in a task
 * of its own (ADR 103; the closing screen draws its rows after its first ones, ADR 095): at a
 * phone's speed drawing a driver's 40 jobs in one go kept the first card from showing, and a tap
 * from being answered, for seconds longer than a list of 8. Between two few the phone answers a
 * tap or a scroll. Not a transition: one is started again by every other update on the screen
 * (the dues, the catalogue, the dialog), and the rest of the list waited seconds for a quiet
 * moment. Once drawn, a card stays drawn: a delivery, a refetch or a search never draws the list
 * again from its first cards (the driver's place in it would move).
 */
export function useFirstCardsFirst<T>(items: T[]): T[] {
  const [limit, setLimit] = useState(FIRST_CARDS);
  const more = limit < items.length;
  useEffect(() => {
    if (!more) return;
    const id = window.setTimeout(() => setLimit(limit + MORE_CARDS));
    return () => window.clearTimeout(id);
  }, [more, limit]);
  return more ? items.slice(0, limit) : items;
}
