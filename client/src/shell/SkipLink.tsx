import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The id of the signed-in frame's <main>, where the skip link leads. */
export const MAIN_ID = 'main-content';

/** The class for that <main>: when it takes the focus, no ring is drawn round the page. */
export const mainClass = classes.main ?? '';

/**
 * The first stop of every signed-in screen: "Skip to main content", seen only once the keyboard
 * reaches it. It takes the focus past the top bar (and the office's sidebar) to the screen's
 * title, where the screen's own content starts, or to <main> on a screen without one; the next
 * Tab goes on from there. A plain link to #main-content would change the address (the router
 * sees a new location) and leave the sidebar before the content.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skip}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        const target = main.querySelector<HTMLElement>('h1') ?? main;
        if (!target.hasAttribute('tabindex')) {
          // Focusable for this once only: a click on the page's blank space must not focus it.
          target.setAttribute('tabindex', '-1');
          target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
        }
        target.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}
