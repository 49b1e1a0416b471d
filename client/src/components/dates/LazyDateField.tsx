import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './DateField';

/** The calendar's code (a chunk of its own) loads when the field first shows. */
const Field = lazy(() => import('./DateField').then((m) => ({ default: m.DateField })));

/**
 * The date field for the phone areas (the customer's, the driver's): their area's download
 * stays without the calendar, which comes when a screen with a date field opens (as the
 * checkout's delivery date, cart/DeliveryDateSection.tsx). Until then, a box of its size.
 */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={<Skeleton h={62} w={props.w ?? 180} maw={props.maw} mb={props.mb} radius="md" />}
    >
      <Field {...props} />
    </Suspense>
  );
}
