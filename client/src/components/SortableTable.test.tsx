import '../shell/staffText';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SortableTable, type SortState } from './SortableTable';

interface Row {
  id: string;
  name: string;
  amount: number;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Annapurna', amount: 300 },
  { id: 'b', name: 'Bamboo', amount: 100 },
];

function Harness({ onSort }: { onSort?: (s: SortState) => void }) {
  const [sort, setSort] = useState<SortState>({ sort: 'name', dir: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <>
      <SortableTable
        caption="Invoices"
        columns={[
          { key: 'name', title: 'Customer', sort: 'name', render: (r: Row) => r.name },
          { key: 'note', title: 'Note', render: () => '-' },
          {
            key: 'amount',
            title: 'Amount',
            sort: 'amount',
            align: 'right',
            render: (r: Row) => String(r.amount),
            total: '400',
          },
        ]}
        rows={ROWS}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          onSort?.(s);
        }}
        selected={selected}
        onSelect={setSelected}
        totalsLabel="Totals (2 rows)"
      />
      <output data-testid="picked">{[...selected].sort().join(',')}</output>
    </>
  );
}

describe('SortableTable', () => {
  it('says how it is sorted (aria-sort) and sorts by a header button, asc then desc', () => {
    const seen: SortState[] = [];
    renderWithProviders(<Harness onSort={(s) => seen.push(s)} />);
    const name = screen.getByRole('columnheader', { name: /Customer/ });
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(amount.getAttribute('aria-sort')).toBe('none');
    // A column that does not sort says nothing about sorting and has no button.
    const note = screen.getByRole('columnheader', { name: 'Note' });
    expect(note.getAttribute('aria-sort')).toBeNull();
    expect(within(note).queryByRole('button')).toBeNull();
    fireEvent.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('ascending');
    expect(name.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(seen).toEqual([
      { sort: 'amount', dir: 'asc' },
      { sort: 'amount', dir: 'desc' },
    ]);
  });

  it('selects rows by their named checkboxes, or the whole page at once; totals in the footer', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bamboo' }));
    expect(screen.getByTestId('picked').textContent).toBe('b');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByTestId('picked').textContent).toBe('a,b');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByTestId('picked').textContent).toBe('');
    const foot = screen.getByRole('rowheader', { name: 'Totals (2 rows)' }).closest('tr');
    expect(foot?.textContent).toContain('400');
    // Only the label is a header in the totals row: no empty header cell names nothing.
    expect(foot?.querySelectorAll('th')).toHaveLength(1);
  });
});
