import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showDataTableColumns } from '../test/dataTable';
import { renderWithProviders } from '../test/render';
import { DataTable } from './DataTable';

// A table's scroll box is a Tab stop (arrow keys scroll it), so it is a region with a name
// (ADR 087): the screen's `label`, or else the heading above it; unnamed, a screen reader read
// the whole table out as its name.

showDataTableColumns();

const rows = [{ id: 'r1', name: 'Annapurna' }];
const columns = [{ accessor: 'name', title: 'Customer' }];

describe('the DataTable scroll box', () => {
  it('is named after the heading above it', async () => {
    renderWithProviders(
      <main>
        <h1>Screen</h1>
        <h2>Overdue invoices</h2>
        <DataTable records={rows} columns={columns} />
      </main>,
    );
    const box = await screen.findByRole('region', { name: 'Overdue invoices' });
    expect(box.tabIndex).toBe(0);
    expect(within(box).getByRole('table')).toBeTruthy();
  });

  it('takes the name the screen gives it', () => {
    renderWithProviders(
      <main>
        <h1>Closing</h1>
        <DataTable records={rows} columns={columns} label="Statements of 31 May" />
      </main>,
    );
    expect(screen.getByRole('region', { name: 'Statements of 31 May' }).tabIndex).toBe(0);
  });

  it('is still named with no heading above it', async () => {
    renderWithProviders(<DataTable records={rows} columns={columns} />);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Table' })).toBeTruthy());
  });
});
