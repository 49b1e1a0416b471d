import { Button, Image, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trpc } from '../../../trpc';
import {
  POPUP_COUNTDOWN_S,
  POPUP_DELAY_MS,
  popupDue,
  readLastShown,
  rememberShown,
} from './popupTiming';
import { promotionTarget } from './promotionLink';

/**
 * Where the keyboard goes when the popup has gone: back where it was when the popup opened, or,
 * when nothing had it then (the popup opens by itself on a page just come to), to the page's
 * heading: never to <body>, from where a screen reader starts again at the top.
 */
function focusBack(opener: Element | null) {
  if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
    opener.focus({ preventScroll: true });
    return;
  }
  const heading =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * The promotional popup (spec §4): 800 ms after an active popup is known, unless one was
 * shown in the last 15 minutes; counts down 10 seconds, then closes itself.
 */
export function PromoPopup() {
  const { t } = useTranslation();
  const popup = trpc.information.activePopup.useQuery();
  const item = popup.data ?? null;
  const [opened, setOpened] = useState(false);
  const [seconds, setSeconds] = useState(POPUP_COUNTDOWN_S);
  const navigate = useNavigate();
  /** What had the focus when the popup opened. */
  const opener = useRef<Element | null>(null);
  const content = useRef<HTMLDivElement>(null);

  // Eligible: an item exists and none was shown recently. Then wait 800 ms.
  useEffect(() => {
    if (!item || !popupDue(readLastShown(), Date.now())) return;
    const timer = window.setTimeout(() => {
      rememberShown(Date.now());
      opener.current = document.activeElement;
      setSeconds(POPUP_COUNTDOWN_S);
      setOpened(true);
    }, POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [item]);

  // The visible countdown; closes at 0.
  useEffect(() => {
    if (!opened) return;
    const timer = window.setInterval(() => {
      setSeconds((s) => Math.max(0, s - 1));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [opened]);

  useEffect(() => {
    if (opened && seconds === 0) setOpened(false);
  }, [opened, seconds]);

  // Closed (by itself, Escape or the close button): Mantine gives the focus back to what had it
  // at the opening, which is often nothing. After it has tried, and only if the focus is lost
  // (on <body>, or still in the leaving popup).
  useEffect(() => {
    if (opened || opener.current === null) return;
    const dialog = content.current?.closest('[role="dialog"]') ?? null;
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body || dialog?.contains(now)) {
        focusBack(opener.current);
      }
      opener.current = null;
    }, 20);
    return () => window.clearTimeout(timer);
  }, [opened]);

  if (!item) return null;
  const target = promotionTarget(item);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      // The interface's words (the item's name is the office's text: the picture's alt).
      title={t('promo.popupTitle')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" ref={content}>
        <Image src={item.image} alt={item.name} radius="md" />
        {target && (
          // A linked popup opens its product or category (ADR 045).
          <Button
            mih={44}
            onClick={() => {
              // Another page: its own focus, not this one's.
              opener.current = null;
              setOpened(false);
              navigate(target);
            }}
            data-testid="popup-link"
          >
            {t(item.productId ? 'promo.openProduct' : 'promo.openCategory')}
          </Button>
        )}
        {/* Not live: read once with the popup (its description), not every second over it. */}
        <Text size="sm" c="dimmed" ta="center" data-testid="popup-countdown">
          {t('promo.closesIn', { seconds })}
        </Text>
      </Stack>
    </Modal>
  );
}
