import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CircleCheckIcon } from '../../../components/icons';
import { Money } from '../../../components/Money';
import { showDate } from '../../../dates';
import { customerCrumbs } from '../crumbs';
import { useHeadingFocus } from '../useHeadingFocus';

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
        // Our own canvas over the page, as the library's would be, but hidden from screen
        // readers: drawn outside every landmark, it was page content no landmark held (axe).
        const canvas = document.createElement('canvas');
        canvas.setAttribute('aria-hidden', 'true');
        Object.assign(canvas.style, {
          position: 'fixed',
          inset: '0',
          width: '100%',
          height: '100%',
          pointerEvents: 'none',
          zIndex: '400',
        });
        document.body.append(canvas);
        // No web worker: the worker is made from a blob: URL, which the server's CSP forbids.
        const fire = confetti.create(canvas, {
          resize: true,
          useWorker: false,
          disableForReducedMotion: true,
        });
        const end = celebrate(fire);
        stop = () => {
          end();
          canvas.remove();
        };
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

/** What the checkout hands to the success page (history state: it survives a reload). */
export interface PlacedSummary {
  orderNumber: number;
  deliveryDate: string;
  totalPrice: number;
  onHold: boolean;
}

function isPlaced(v: unknown): v is PlacedSummary {
  const p = v as Partial<PlacedSummary> | null;
  return (
    !!p &&
    typeof p.orderNumber === 'number' &&
    typeof p.deliveryDate === 'string' &&
    typeof p.totalPrice === 'number'
  );
}

/** /customer/orderplaced: the thank-you page after a placed order. */
export function OrderPlacedScreen() {
  const state = useLocation().state as { placed?: unknown; elsewhere?: unknown } | null;
  const placed = isPlaced(state?.placed) ? state.placed : null;
  const elsewhere = state?.elsewhere === true;
  if (placed?.onHold) return <HeldOrderPlaced placed={placed} elsewhere={elsewhere} />;
  return <OrderPlaced placed={placed} elsewhere={elsewhere} />;
}

/** Said when this tab showed the cart that another tab of the phone ordered. */
export function OrderedElsewhere() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" role="status" maw={480} data-testid="ordered-elsewhere">
      {t('placed.elsewhere')}
    </Alert>
  );
}

function PlacedFacts({ placed }: { placed: PlacedSummary }) {
  const { t } = useTranslation();
  return (
    <Table variant="vertical" withTableBorder maw={360} data-testid="placed-summary">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>{t('placed.orderNumber')}</Table.Th>
          <Table.Td>#{placed.orderNumber}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('placed.deliveryDate')}</Table.Th>
          <Table.Td>{showDate(placed.deliveryDate)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('placed.total')}</Table.Th>
          <Table.Td>
            <Money amount={placed.totalPrice} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** On credit hold: received, not yet accepted; no celebration. */
function HeldOrderPlaced({ placed, elsewhere }: { placed: PlacedSummary; elsewhere: boolean }) {
  const { t } = useTranslation();
  const heading = useHeadingFocus();
  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.orderPlaced'))} />
      <Paper withBorder radius="lg" p="xl" mt="lg">
        <Stack align="center" gap="md">
          <Title order={1} size="h2" ta="center" ref={heading} tabIndex={-1}>
            {t('placed.heldTitle')}
          </Title>
          {elsewhere && <OrderedElsewhere />}
          {/* What the page says, not an error: read with the page, not shouted over it. */}
          <Alert color="orange" variant="light" maw={480} role="status" data-testid="placed-held">
            {t('placed.heldText')}
          </Alert>
          <PlacedFacts placed={placed} />
          <Button component={Link} to="/customer/myorderlist" size="md">
            {t('placed.viewOrders')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

function OrderPlaced({ placed, elsewhere }: { placed: PlacedSummary | null; elsewhere: boolean }) {
  const { t } = useTranslation();
  useConfetti();
  // Place Order, which had the focus, is gone with the cart: the heading says it worked.
  const heading = useHeadingFocus();
  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.orderPlaced'))} />
      <Paper withBorder radius="lg" p="xl" ta="center" mt="lg">
        <Stack align="center" gap="md">
          <Text c="green.8" lh={1} aria-hidden="true">
            <CircleCheckIcon size={64} />
          </Text>
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            {t('placed.title')}
          </Title>
          {elsewhere && <OrderedElsewhere />}
          <Text c="dimmed" maw={420}>
            {t('placed.thanks')}
          </Text>
          {placed && <PlacedFacts placed={placed} />}
          <Button component={Link} to="/customer/myorderlist" size="md">
            {t('placed.viewOrders')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
