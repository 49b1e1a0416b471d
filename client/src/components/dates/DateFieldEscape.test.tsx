import { Modal } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openCalendar } from '../../test/datePicker';
import { renderWithProviders } from '../../test/render';
import { DateField } from './DateField';

// A clerk at the keyboard opens a date field's calendar in a dialog (the hand-made invoice's
// due date) and presses Escape to close it: the calendar closes, the dialog and what was typed
// in it stay. Escape closed the whole dialog, losing the customer and the amount.

function InDialog({ onClose }: { onClose(): void }) {
  const [due, setDue] = useState('');
  return (
    <Modal opened onClose={onClose} title="請求書">
      <DateField label="支払期日" value={due} onChange={setDue} />
    </Modal>
  );
}

describe('Escape in a date field inside a dialog', () => {
  it('closes the calendar first, and the dialog only on a second Escape', async () => {
    const close = vi.fn();
    renderWithProviders(<InDialog onClose={close} />);
    const field = screen.getByRole('textbox', { name: '支払期日' });
    await openCalendar(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).toBeNull());
    expect(close).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(close).toHaveBeenCalledTimes(1);
  });
});
