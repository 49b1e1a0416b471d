import 'mantine-datatable/styles.layer.css';
import { type DataTableProps, DataTable as MantineDataTable } from 'mantine-datatable';
import { type RefObject, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollCue } from './useScrollCue';

/**
 * The id of the heading a table's scroll box is named after: the last heading before it in
 * its dialog or its page (the screen's title, or the section's), given an id if it has none.
 */
function useHeadingAbove(viewport: RefObject<HTMLDivElement | null>, skip: boolean) {
  const fallback = `table-title-${useId().replace(/:/g, '')}`;
  const [id, setId] = useState<string>();
  // After every render: a heading may come with the screen's data, after the table.
  useEffect(() => {
    if (skip) return;
    const box = viewport.current;
    if (!box) return;
    const scope = box.closest('[role="dialog"], main') ?? document.body;
    const above = [...scope.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].filter(
      (h) => h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const heading = above.at(-1);
    if (!heading) return;
    if (!heading.id) heading.id = fallback;
    setId((was) => (was === heading.id ? was : heading.id));
  });
  return id;
}

/**
 * The back office's one table (ARCHITECTURE idiom 18): mantine-datatable with the app's
 * defaults and its own labels in the current language. Screens pass columns and records, and
 * a `label` where the heading above does not say what the table holds.
 */
export function DataTable<T>({ label, ...props }: DataTableProps<T> & { label?: string }) {
  const { t } = useTranslation();
  // On a phone a wide table scrolls sideways: the side with more shows a shadow (the
  // library's own is a few pixels, too faint to see).
  const cue = useScrollCue();
  const headingId = useHeadingAbove(cue.viewport, Boolean(label));
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
    // That tab stop is a region named by `label` or else the heading above the table (ADR
    // 087): unnamed, a screen reader read the whole table out as its name.
    scrollAreaProps: {
      viewportProps: {
        tabIndex: 0,
        role: 'region',
        ...(label
          ? { 'aria-label': label }
          : headingId
            ? { 'aria-labelledby': headingId }
            : { 'aria-label': t('table.table') }),
      },
      ...cue.rootProps,
    },
    scrollViewportRef: cue.viewport,
    // The library keeps its 'nothing to show' under the rows, only made transparent: a screen
    // reader would still read it after them. It is left out while rows are there or loading.
    ...((props.records?.length ?? 0) > 0 || props.fetching
      ? { emptyState: <span aria-hidden="true" /> }
      : {}),
  };
  return <MantineDataTable {...(defaults as object)} {...(props as DataTableProps<T>)} />;
}
