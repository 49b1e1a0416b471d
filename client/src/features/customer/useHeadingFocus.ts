import { useEffect, useRef } from 'react';

/**
 * The screen's heading takes the keyboard's focus when the screen opens (give it tabIndex -1):
 * a screen reader reads where the person now is, and Tab goes on from the screen's top. Without
 * it the focus stays on what opened the screen (the header's cart), or falls to <body> when that
 * is gone (Place Order), and nothing is said.
 */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const heading = useRef<T>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return heading;
}
