import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

// A Mantine Button showing its loading state keeps the keyboard's focus (theme.ts): it is not
// disabled (Chromium moved the focus of a disabled button to the page), it says it is busy and
// unavailable, and a second press does nothing, nor submits its form again.

describe('a button while it loads', () => {
  it('stays focusable, says it is busy, and ignores a second press', () => {
    const press = vi.fn();
    const submit = vi.fn((e: Event) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button loading onClick={press}>
          出力
        </Button>
        <Button type="submit" loading>
          保存
        </Button>
      </form>,
    );
    const output = screen.getByRole('button', { name: '出力' }) as HTMLButtonElement;
    expect(output.disabled).toBe(false);
    expect(output.getAttribute('aria-busy')).toBe('true');
    expect(output.getAttribute('aria-disabled')).toBe('true');
    expect(output.type).toBe('button');
    output.focus();
    expect(document.activeElement).toBe(output);
    fireEvent.click(output);
    expect(press).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(submit).not.toHaveBeenCalled();
  });

  it('is a plain button otherwise: pressed, or disabled when told', () => {
    const press = vi.fn();
    renderWithProviders(
      <>
        <Button onClick={press}>出力</Button>
        <Button disabled>削除</Button>
      </>,
    );
    const output = screen.getByRole('button', { name: '出力' });
    expect(output.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(output);
    expect(press).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: '削除' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
