import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateRange, RouteFilter, useRouteOptions } from './shared';

// Filters more than one list offers. Each takes its value and a setter; the list hands them a
// setter that also goes back to page 1 (useListState's `refilter`).

/** One choice out of a few (a state, a status, a method); cleared, the list is whole. */
export function ChoiceFilter({
  label,
  placeholder,
  data,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange(v: string | null): void;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      clearable
    />
  );
}

/** Cash or monthly: the customers' and the payments' lists filter by the same two methods. */
export function MethodFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange(v: string | null): void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceFilter
      label={t('lists.filters.method')}
      placeholder={t('lists.filters.allMethods')}
      data={[
        { value: 'cash', label: t('lists.methods.cash') },
        { value: 'monthly', label: t('lists.methods.monthly') },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}

/** The route and the day range the dated lists (orders, invoices, payments) filter by. */
export interface RouteAndDatesValue {
  route: string | null;
  from: string;
  to: string;
}

export const ANY_ROUTE_ANY_DAY: RouteAndDatesValue = { route: null, from: '', to: '' };

/** The value as the lists' queries take it: no route chosen is no filter. */
export const routeAndDatesInput = (v: RouteAndDatesValue) => ({
  route: v.route ?? undefined,
  from: v.from,
  to: v.to,
});

/** The route filter, then the from and to dates; one change is one onChange. */
export function RouteAndDates({
  value,
  onChange,
}: {
  value: RouteAndDatesValue;
  onChange(v: RouteAndDatesValue): void;
}) {
  const routeOptions = useRouteOptions();
  return (
    <>
      <RouteFilter
        options={routeOptions}
        value={value.route}
        onChange={(route) => onChange({ ...value, route })}
      />
      <DateRange
        from={value.from}
        to={value.to}
        onChange={(from, to) => onChange({ ...value, from, to })}
      />
    </>
  );
}
