import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { CircleCheckIcon } from '../../components/icons';
import { customerCrumbs } from './crumbs';

/** Confetti lasts 10 seconds (spec §9). */
export const CONFETTI_MS = 10_000;
const BURST_EVERY_MS = 250;

/** jsdom (the component tests) has no canvas to draw on. */
function canDraw(): boolean {
  return typeof window !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
}

function useConfetti() {
  useEffect(() => {
    if (!canDraw()) return;
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    // The library is fetched only here, after an order is placed.
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (stopped) return;
        // No web worker: the worker is made from a blob: URL, which the server's CSP forbids.
        const fire = confetti.create(null, {
          resize: true,
          useWorker: false,
          disableForReducedMotion: true,
        });
        stop = celebrate(fire);
      })
      .catch((error: unknown) => console.warn('confetti not loaded', error));
    return () => stop();
  }, []);
}

type Fire = ((options: Record<string, unknown>) => Promise<null> | null) & { reset(): void };

/** Bursts from both sides for CONFETTI_MS; returns the way to stop early. */
function celebrate(fire: Fire): () => void {
  const end = Date.now() + CONFETTI_MS;
  const burst = () => {
    const base = { particleCount: 12, spread: 70, startVelocity: 35, ticks: 120, zIndex: 400 };
    void fire({ ...base, angle: 60, origin: { x: 0, y: 0.7 } });
    void fire({ ...base, angle: 120, origin: { x: 1, y: 0.7 } });
  };
  burst();
  const timer = window.setInterval(() => {
    if (Date.now() >= end) window.clearInterval(timer);
    else burst();
  }, BURST_EVERY_MS);
  return () => {
    window.clearInterval(timer);
    fire.reset();
  };
}

/** /customer/orderplaced: the thank-you page after a placed order. */
export function OrderPlacedScreen() {
  const { t } = useTranslation();
  useConfetti();
  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.orderPlaced'))} />
      <Paper withBorder radius="lg" p="xl" ta="center" mt="lg">
        <Stack align="center" gap="md">
          <Text c="green.8" lh={1} aria-hidden="true">
            <CircleCheckIcon size={64} />
          </Text>
          <Title order={1} size="h2">
            {t('placed.title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('placed.thanks')}
          </Text>
          <Button component={Link} to="/customer/myorderlist" size="md">
            {t('placed.viewOrders')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
