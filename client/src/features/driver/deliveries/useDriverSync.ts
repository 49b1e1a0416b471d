import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify';
import { dynamicT } from '../../../i18n';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';
import { flushPayments, type PaymentFlushResult, queuedPayments } from '../payments/outbox';
import {
  deliveredElsewhere,
  type FlushResult,
  flush,
  hasSendable,
  queuedNow,
  subscribe,
} from './outbox';

/**
 * While something waits, try again this often even without an `online` event: a phone whose
 * signal comes back does not always say so (and an emulated one in a test does not), and a
 * driver waiting half a minute for the list to clear would tap again. One small request every
 * 10 s, only while something waits, and it fails at once without signal.
 */
const RETRY_MS = 10_000;

let workerAsked = false;

/**
 * The driver area's service worker (scope /driver): it lets the installed app open without
 * signal. Browsers allow workers only in secure contexts (https, localhost); over plain http
 * the queue below still works, only the offline start of the app does not.
 */
function registerDriverWorker(): void {
  if (workerAsked) return;
  workerAsked = true;
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/driver' }).catch(() => {
    // No worker: the app still works online, and the queue still keeps deliveries.
  });
}

/** Deliveries waiting on this phone, live. */
export function useQueued() {
  return useSyncExternalStore(subscribe, queuedNow, queuedNow);
}

/**
 * Tells the driver what a send did and refreshes the lists. The jobs the server now has as
 * delivered are already hidden from the pending list (outbox `wasSentHere`), so no refetch
 * that started before the send can bring them back.
 */
export function useReportDeliveries(): (r: FlushResult, said?: number) => void {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  return useCallback(
    /** `said`: deliveries the screen has already confirmed by name. */
    (r: FlushResult, said = 0) => {
      if (r.sent > said) notifySuccess(t('driverJobs.sent', { count: r.sent }));
      for (const p of r.photoRefused) {
        notifyError(
          `${p.restaurantName}: ${t('driverJobs.photoNotSent', { reason: dynamicT(t)(`errors.${p.code}`) })}`,
        );
      }
      for (const refusal of r.refused) {
        const message = errorMessage(t, refusal.error);
        // Delivered already by the office: it was not "not sent", only its cash went unrecorded
        // (the pending list keeps saying so until discarded).
        if (deliveredElsewhere(refusal.error)) notifyError(message, refusal.restaurantName);
        else notifyError(t('driverJobs.refused', { name: refusal.restaurantName, message }));
      }
      if (r.sent > 0 || r.refused.length > 0 || r.delivered.length > 0) {
        void utils.ordertrack.invalidate();
      }
    },
    [t, utils],
  );
}

/**
 * Sends the phone's waiting deliveries when a driver screen opens, when the browser comes back
 * online, and every 10 s while any wait; refreshes the lists after a send.
 */
export function useDriverSync(): void {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const report = useReportDeliveries();

  useEffect(() => {
    registerDriverWorker();
    // Payments taken without signal (ADR 023), sent with the time they were taken.
    const reportPayments = (r: PaymentFlushResult) => {
      if (r.sent > 0) notifySuccess(t('money.paymentsSent', { count: r.sent }));
      for (const refusal of r.refused) {
        notifyError(
          t('driverJobs.refused', {
            name: refusal.restaurantName,
            message: errorMessage(t, refusal.error),
          }),
        );
      }
      if (r.sent > 0 || r.refused.length > 0) {
        void utils.invoices.invalidate();
        void utils.handovers.invalidate();
      }
    };
    const run = () => {
      void flush().then(report);
      void flushPayments().then(reportPayments);
    };
    run();
    window.addEventListener('online', run);
    const timer = setInterval(() => {
      if (hasSendable() || queuedPayments().length > 0) run();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', run);
      clearInterval(timer);
    };
  }, [t, utils, report]);
}
