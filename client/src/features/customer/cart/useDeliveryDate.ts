// The delivery date of the checkout kept open against the server's calendar: chosen by default,
// moved (and said) when the day chosen closes while the checkout is open.
import { useEffect, useState } from 'react';
import {
  addDaysIso,
  defaultDeliveryDate,
  isDeliveryDay,
} from '../../../../../shared/delivery-dates';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { CALENDAR_RECHECK_MS, msUntilCutoff } from './calendarRecheck';

/** Where the date went when the day first chosen closed (its cut-off passed, or a holiday). */
export interface MovedDate {
  from: string;
  to: string;
  why: 'cutoff' | 'holiday';
}

interface Options {
  /** The date to start from: chosen earlier in this visit, or that of an unanswered attempt. */
  initialDate: string | null;
  /** The date chosen, or moved to when the chosen one closed. */
  onDateChange?(date: string): void;
}

export function useDeliveryDate({ initialDate, onDateChange }: Options) {
  const { user } = useAuth();
  // DESIGN §6: the earliest allowed day that is one of the customer's delivery days; another
  // day asks for a confirmation before the order goes. The calendar is asked again while the
  // checkout is open (on a timer, at the cut-off, when the phone comes back to the page): an
  // order started before the cut-off may be finished after it.
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CALENDAR_RECHECK_MS,
    refetchOnWindowFocus: 'always',
  });
  const days = user?.deliveryDays ?? [];
  const [deliveryDate, setDeliveryDateState] = useState<string | null>(() => initialDate);
  const [moved, setMoved] = useState<MovedDate | null>(null);
  const setDeliveryDate = (date: string) => {
    setDeliveryDateState(date);
    setMoved(null);
    onDateChange?.(date);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: onDateChange only reports the date
  useEffect(() => {
    if (!calendar.data) return;
    const { earliest, holidays } = calendar.data;
    const deliveryDays = user?.deliveryDays ?? [];
    if (deliveryDate === null) {
      setDeliveryDateState(defaultDeliveryDate(earliest, deliveryDays, holidays));
    } else if (deliveryDate < earliest || holidays.includes(deliveryDate)) {
      // The chosen day closed while the checkout was open (its cut-off passed, or the office
      // made it a holiday): the next allowed delivery day from it, said.
      const from = deliveryDate < earliest ? earliest : deliveryDate;
      let next = defaultDeliveryDate(from, deliveryDays, holidays);
      // No delivery day within two weeks: at least a day with deliveries.
      for (let i = 0; i < 366 && holidays.includes(next); i++) next = addDaysIso(next, 1);
      setDeliveryDateState(next);
      onDateChange?.(next);
      setMoved({
        from: deliveryDate,
        to: next,
        // A holiday on the earliest day also moves `earliest` past it (the server skips
        // holidays), so the holiday is the reason whenever the day is one.
        why: holidays.includes(deliveryDate) ? 'holiday' : 'cutoff',
      });
    }
  }, [calendar.data, deliveryDate, user]);
  // At the cut-off itself, ask again (the timer above may be up to half a minute late).
  const cutoff = calendar.data?.cutoff;
  const timeZone = calendar.data?.timeZone;
  const { refetch: refetchCalendar } = calendar;
  useEffect(() => {
    if (!cutoff || !timeZone) return;
    const wait = msUntilCutoff(cutoff, timeZone);
    if (wait === null) return;
    const timer = setTimeout(() => void refetchCalendar(), wait + 1000);
    return () => clearTimeout(timer);
  }, [cutoff, timeZone, refetchCalendar]);
  // The date must still be open by the calendar's last answer (the effect above moves it).
  const dateOpen =
    deliveryDate !== null &&
    calendar.data !== undefined &&
    deliveryDate >= calendar.data.earliest &&
    !calendar.data.holidays.includes(deliveryDate);
  const offSchedule = deliveryDate !== null && !isDeliveryDay(deliveryDate, days);
  return { calendar, days, deliveryDate, setDeliveryDate, moved, dateOpen, offSchedule };
}
