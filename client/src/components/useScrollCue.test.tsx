import '../shell/staffText';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable } from './DataTable';
import { SortableTable } from './SortableTable';

// The office's two tables say when they are wider than their box: the side with more of the
// table shows a shadow, gone at the end; a table that fits (a desktop) shows none. jsdom has no
// layout, so each test gives the scroll box its sizes and scrolls it.

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [{ id: 'a', name: 'Annapurna' }];

/** The table's scroll box: `width` shown of `content`, scrolled to `left`. */
function scrollBox(width: number, content: number, left = 0): HTMLElement {
  const box = screen.getAllByRole('table')[0]?.closest('[tabindex="0"]');
  if (!(box instanceof HTMLElement)) throw new Error('no scroll box');
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: content });
  box.scrollLeft = left;
  fireEvent.scroll(box);
  return box;
}

/** Which sides of the table's scroll area have more, as its root says. */
function sides(box: HTMLElement): string[] {
  let root: HTMLElement | null = box;
  while (root && !root.hasAttribute('data-more-left') && !root.hasAttribute('data-more-right')) {
    root = root.parentElement;
  }
  if (!root) return [];
  return ['left', 'right'].filter((s) => root.hasAttribute(`data-more-${s}`));
}

const tables = {
  SortableTable: () => (
    <SortableTable
      caption="Customers"
      columns={[{ key: 'name', title: 'Customer', render: (r: Row) => r.name }]}
      rows={ROWS}
      rowId={(r) => r.id}
      rowLabel={(r) => r.name}
      sort={{ sort: 'name', dir: 'asc' }}
      onSort={() => {}}
      totalsLabel="Totals (1 row)"
    />
  ),
  DataTable: () => (
    <DataTable<Row> records={ROWS} columns={[{ accessor: 'name', title: 'Customer' }]} />
  ),
};

describe.each(Object.entries(tables))('%s wider than its box', (_, Table) => {
  it('shadows the right edge at the start, both in the middle, the left at the end', () => {
    renderWithProviders(<Table />);
    expect(sides(scrollBox(390, 900, 0))).toEqual(['right']);
    expect(sides(scrollBox(390, 900, 200))).toEqual(['left', 'right']);
    expect(sides(scrollBox(390, 900, 510))).toEqual(['left']);
  });

  it('draws nothing when the table fits (a desktop)', () => {
    renderWithProviders(<Table />);
    expect(sides(scrollBox(1200, 1200, 0))).toEqual([]);
  });
});
