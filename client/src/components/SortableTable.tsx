import { Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SortableTable.module.css';
import { useScrollCue } from './useScrollCue';

// The office's sortable, selectable lists with a totals row (ADR 044). A plain table rather
// than the shared DataTable: a sortable header here is a real <button> inside a <th> that
// carries aria-sort, the totals are a <tfoot> row, and each row's checkbox is named after its
// row; the library's sortable header is a th acting as a button, with no aria-sort.

/** The class of a link inside a cell: 44 px tall on phones. */
export const cellLinkClass = classes.cellLink;

export interface Column<R> {
  key: string;
  title: string;
  /** The server's sort key; absent: not sortable. */
  sort?: string;
  align?: 'left' | 'right';
  render(row: R): ReactNode;
  /** This column's cell in the totals row. */
  total?: ReactNode;
}

export interface SortState {
  sort: string;
  dir: 'asc' | 'desc';
}

interface Props<R> {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowId(row: R): string;
  /** How a row is named to a screen reader ("Select #1042"). */
  rowLabel(row: R): string;
  sort: SortState;
  onSort(next: SortState): void;
  selected?: Set<string>;
  onSelect?(next: Set<string>): void;
  /** The totals row's first cell (e.g. "Totals: 12 rows"). */
  totalsLabel: string;
  busy?: boolean;
}

export function SortableTable<R>(props: Props<R>) {
  const { t } = useTranslation();
  const { columns, rows, rowId, sort, selected, onSelect } = props;
  const selectable = !!selected && !!onSelect;
  // On a phone the table is wider than the screen: the side with more shows a shadow.
  const cue = useScrollCue();
  const ids = rows.map(rowId);
  const allOn = selectable && ids.length > 0 && ids.every((id) => selected.has(id));
  const someOn = selectable && ids.some((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    if (!selected || !onSelect) return;
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <Table.ScrollContainer
      minWidth={640}
      {...cue.rootProps}
      // A tab stop so arrow keys scroll it, named by the table's caption (ADR 087).
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': props.caption },
        viewportRef: cue.viewport,
      }}
    >
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        aria-busy={props.busy ? 'true' : undefined}
      >
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text span size="sm" c="dimmed">
            {props.caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={52}>
                <Checkbox
                  classNames={{ root: classes.check }}
                  aria-label={t('lists.selectPage')}
                  checked={allOn}
                  indeterminate={!allOn && someOn}
                  onChange={(e) => {
                    const next = new Set(selected);
                    for (const id of ids) {
                      if (e.currentTarget.checked) next.add(id);
                      else next.delete(id);
                    }
                    onSelect(next);
                  }}
                />
              </Table.Th>
            )}
            {columns.map((c) => {
              const active = c.sort !== undefined && c.sort === sort.sort;
              return (
                <Table.Th
                  key={c.key}
                  ta={c.align ?? 'left'}
                  aria-sort={
                    c.sort === undefined
                      ? undefined
                      : active
                        ? sort.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : 'none'
                  }
                >
                  {c.sort === undefined ? (
                    c.title
                  ) : (
                    <UnstyledButton
                      className={classes.sort}
                      fw={700}
                      fz="sm"
                      mih={36}
                      onClick={() =>
                        props.onSort({
                          sort: c.sort as string,
                          dir: active && sort.dir === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {c.title}
                      <span aria-hidden="true">
                        {' '}
                        {active ? (sort.dir === 'asc' ? '▲' : '▼') : '⇅'}
                      </span>
                    </UnstyledButton>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const id = rowId(r);
            return (
              <Table.Tr
                key={id}
                bg={selected?.has(id) ? 'var(--mantine-color-blue-light)' : undefined}
              >
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      classNames={{ root: classes.check }}
                      aria-label={t('lists.selectRow', { label: props.rowLabel(r) })}
                      checked={selected.has(id)}
                      onChange={(e) => toggle(id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align ?? 'left'}>
                    {c.render(r)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            {selectable && <Table.Td />}
            {/* The label heads the row; the totals are its data cells (a column without a
              total an empty data cell, not an empty header that names nothing). */}
            {columns.map((c, i) =>
              i === 0 ? (
                <Table.Th key={c.key} ta={c.align ?? 'left'} scope="row">
                  {props.totalsLabel}
                </Table.Th>
              ) : (
                <Table.Td key={c.key} ta={c.align ?? 'left'} fw={700}>
                  {c.total ?? null}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
