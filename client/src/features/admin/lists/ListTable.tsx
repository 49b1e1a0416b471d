import { useTranslation } from 'react-i18next';
import { type Column, SortableTable } from '../../../components/SortableTable';
import { type ListState, Pages, TableOrState } from './shared';

// One list's table as the four lists show it (ADR 044): the loading, failed and empty states,
// then the sortable table with its totals row and the pages under it. Rows carry `_id`, and the
// totals always count the filtered rows, so the totals row says how many there are.

interface ListQuery<R> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch(): unknown;
  data?: { rows: R[]; page: number; pages: number; totals: { count: number } };
}

export function ListTable<R extends { _id: string }>({
  list,
  state: s,
  caption,
  columns,
  rowLabel,
  selectable = false,
}: {
  list: ListQuery<R>;
  state: ListState;
  /** The table's caption, which also names its scroll region (ADR 087). */
  caption: string;
  columns: Column<R>[];
  rowLabel(row: R): string;
  /** Rows get a checkbox for the list's bulk action; a list without one has none. */
  selectable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableOrState query={list}>
      {list.data && (
        <>
          <SortableTable
            caption={caption}
            columns={columns}
            rows={list.data.rows}
            rowId={(r) => r._id}
            rowLabel={rowLabel}
            sort={s.sort}
            onSort={s.setSort}
            selected={selectable ? s.selected : undefined}
            onSelect={selectable ? s.setSelected : undefined}
            totalsLabel={t('lists.totals.row', { count: list.data.totals.count })}
            busy={list.isFetching}
          />
          <Pages data={list.data} onChange={s.setPage} />
        </>
      )}
    </TableOrState>
  );
}
