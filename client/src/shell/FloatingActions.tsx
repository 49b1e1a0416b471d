import { ActionIcon, Affix, Group, Transition } from '@mantine/core';
import { useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowUpIcon, HomeIcon } from '../components/icons';
import { useDialogOpen } from './useDialogOpen';

/** Phones: below the `sm` breakpoint the floating buttons live in a footer bar instead. */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}

/** The back-to-top button shows once the page is scrolled this far (in viewport heights). */
const BACK_TO_TOP_AFTER = 1.5;

/**
 * Gone while a dialog is open: it would sit over the dialog's foot, where a phone's full-screen
 * dialog keeps its Yes and No.
 */
export function HomeButton({ home }: { home: string }) {
  const { t } = useTranslation();
  const dialogOpen = useDialogOpen();
  if (dialogOpen) return null;
  return (
    <ActionIcon
      component={Link}
      to={home}
      size={52}
      radius="xl"
      variant="filled"
      aria-label={t('nav.home')}
      style={{ boxShadow: 'var(--mantine-shadow-md)' }}
    >
      <HomeIcon size={26} />
    </ActionIcon>
  );
}

/** Appears on long pages (the 84-card catalogue is ~14,000 px on a phone). */
export function BackToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  const far = typeof window !== 'undefined' && scroll.y > window.innerHeight * BACK_TO_TOP_AFTER;
  return (
    <Transition mounted={far} transition="fade" duration={150}>
      {(style) => (
        <ActionIcon
          style={{ ...style, boxShadow: 'var(--mantine-shadow-md)' }}
          size={52}
          radius="xl"
          variant="default"
          aria-label={t('shell.backToTop')}
          onClick={() => scrollTo({ y: 0 })}
        >
          <ArrowUpIcon size={24} />
        </ActionIcon>
      )}
    </Transition>
  );
}

/**
 * Desktop: home and back-to-top float at the bottom right. On phones the same buttons sit in
 * the footer bar (AppShellLayout), which the page never scrolls under, so they cannot cover a
 * card's buttons. Both are a navigation landmark named 'Shortcuts' (ADR 087).
 */
export function FloatingActions({ home, showHome }: { home: string; showHome: boolean }) {
  const { t } = useTranslation();
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      {/* A landmark like the phone's footer bar, named alike: the Affix renders at the end of
        the page, outside the header, and a screen reader's list of landmarks missed it. */}
      <Group gap="sm" component="nav" aria-label={t('shell.shortcuts')}>
        <BackToTop />
        {showHome && <HomeButton home={home} />}
      </Group>
    </Affix>
  );
}
