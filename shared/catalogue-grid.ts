// How the catalogue's grid starts, shared by the React grid (client ProductGrid.tsx) and the
// server's first screen of the catalogue (server/doors/first-screen.ts, ADR 021), which must draw
// the same first cards with the same pictures fetched at once.

/**
 * Cards rendered before the rest: more than a phone's first screen (2 columns) or a desktop's
 * (up to 4).
 */
export const FIRST_CARDS = 8;
/** Cards whose pictures load at once with high priority (the first row); the rest lazily. */
export const EAGER_CARDS = 4;
