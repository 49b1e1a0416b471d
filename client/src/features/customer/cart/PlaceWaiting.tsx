// Place Order pressed without a connection: the press waits on the phone and goes by itself
// when the connection returns (ADR 082). Said where the eye is: on a phone the button sits in
// the bar at the bottom and this note would be behind it, so it is brought into view.
import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function PlaceWaiting() {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <Alert
      ref={box}
      color="orange"
      variant="light"
      role="status"
      data-testid="place-waiting"
      // Clear of the sticky bar when scrolled to (the bar is ~80 px high on a phone).
      style={{ scrollMarginBottom: 120 }}
    >
      {t('cart.placeWaitingNote')}
    </Alert>
  );
}
