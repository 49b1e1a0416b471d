import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';

function open(onConfirm: () => void | Promise<void>) {
  const onClose = vi.fn();
  renderWithProviders(
    <ConfirmDialog
      opened
      title="Are You Sure to Delete Order?"
      message="You cannot undo this operation"
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('ConfirmDialog', () => {
  it('asks the question and closes on No without acting', () => {
    const onConfirm = vi.fn();
    const onClose = open(onConfirm);
    expect(screen.getByText('Are You Sure to Delete Order?')).toBeTruthy();
    expect(screen.getByText('You cannot undo this operation')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action on Yes, then closes', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = open(onConfirm);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });
});
