import 'mantine-datatable/styles.layer.css';
import { type DataTableProps, DataTable as MantineDataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useScrollCue } from './useScrollCue';

/**
 * The back office's one table (ARCHITECTURE idiom 18): mantine-datatable with the app's
 * defaults and its own labels in the current language. Screens pass columns and records.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  // On a phone a wide table scrolls sideways: the side with more shows a shadow (the
  // library's own is a few pixels, too faint to see).
  const cue = useScrollCue();
  // The library's props are a union (paged or not); the defaults below fit both.
  const defaults = {
    withTableBorder: true,
    borderRadius: 'sm',
    striped: true,
    highlightOnHover: true,
    minHeight: 160,
    noRecordsText: t('table.noRecords'),
    loadingText: t('common.loading'),
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) => t('table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': t(`table.${control}`),
    }),
    // A table wider or taller than its box scrolls: its viewport takes the keyboard focus so
    // arrow keys scroll it (axe: scrollable-region-focusable; the aging table on a phone).
    scrollAreaProps: { viewportProps: { tabIndex: 0 }, ...cue.rootProps },
    scrollViewportRef: cue.viewport,
    // The library keeps its 'nothing to show' under the rows, only made transparent: a screen
    // reader would still read it after them. It is left out while rows are there or loading.
    ...((props.records?.length ?? 0) > 0 || props.fetching
      ? { emptyState: <span aria-hidden="true" /> }
      : {}),
  };
  return <MantineDataTable {...(defaults as object)} {...(props as DataTableProps<T>)} />;
}
