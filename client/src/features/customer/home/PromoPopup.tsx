import { Button, Image, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
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

  // Eligible: an item exists and none was shown recently. Then wait 800 ms.
  useEffect(() => {
    if (!item || !popupDue(readLastShown(), Date.now())) return;
    const timer = window.setTimeout(() => {
      rememberShown(Date.now());
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
      <Stack gap="sm">
        <Image src={item.image} alt={item.name} radius="md" />
        {target && (
          // A linked popup opens its product or category (ADR 045).
          <Button
            mih={44}
            onClick={() => {
              setOpened(false);
              navigate(target);
            }}
            data-testid="popup-link"
          >
            {t(item.productId ? 'promo.openProduct' : 'promo.openCategory')}
          </Button>
        )}
        <Text size="sm" c="dimmed" ta="center" aria-live="polite" data-testid="popup-countdown">
          {t('promo.closesIn', { seconds })}
        </Text>
      </Stack>
    </Modal>
  );
}
