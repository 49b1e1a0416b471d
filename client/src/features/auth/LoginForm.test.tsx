import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { networkError, serverError } from '../../test/testServer';
import { LoginForm } from './LoginForm';

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), {
    target: { value: password },
  });
}

const signInButton = () => screen.getByRole('button', { name: /Sign In|Loading/ });

describe('LoginForm', () => {
  it('requires both fields and does not submit when they are empty', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fireEvent.click(signInButton());
    expect(await screen.findAllByText('*This field is required.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats a username of spaces as empty, like the server', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('   ', 'secret-pass');
    fireEvent.click(signInButton());
    expect(await screen.findAllByText('*This field is required.')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values when both are filled', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('himalaya', 'secret-pass');
    fireEvent.click(signInButton());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ username: 'himalaya', password: 'secret-pass' }),
    );
    expect(screen.queryByText('*This field is required.')).toBeNull();
  });

  it('shows and hides the password with the toggle', () => {
    renderWithProviders(<LoginForm onSubmit={async () => {}} />);
    const input = screen.getByLabelText(/Password/, { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    // Mantine toggles on mouse down (so the input keeps focus), and on Enter or Space.
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Hide password' }), { key: 'Enter' });
    expect(input.getAttribute('type')).toBe('password');
  });

  it('reads Loading and is disabled while signing in', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('himalaya', 'secret-pass');
    fireEvent.click(signInButton());
    await waitFor(() => expect(signInButton().textContent).toBe('Loading'));
    expect(signInButton()).toHaveProperty('disabled', true);
    await act(async () => finish());
    await waitFor(() => expect(signInButton().textContent).toBe('Sign In'));
    expect(signInButton()).toHaveProperty('disabled', false);
  });

  it("shows the refusal's code as text, in the current language", async () => {
    const onSubmit = vi.fn(async () => {
      throw serverError(401, 'auth.invalidLogin');
    });
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('himalaya', 'wrong-pass');
    fireEvent.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(signInButton()).toHaveProperty('disabled', false);
    await act(() => i18n.changeLanguage('ne'));
    expect(screen.getByRole('alert').textContent).toBe('प्रयोगकर्ता नाम वा पासवर्ड गलत छ');
  });

  it('says how long to wait when throttled, and names a network failure', async () => {
    const onSubmit = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(serverError(429, 'auth.tooManyAttempts', { seconds: 30 }))
      .mockRejectedValueOnce(networkError());
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('himalaya', 'wrong-pass');
    fireEvent.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-in attempts. Please wait 30 seconds and try again.',
    );
    fireEvent.click(signInButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Cannot reach the server. Check the connection and try again.',
      ),
    );
  });

  it("shows 'Login failed' when the failure carries no code, whatever its message", async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('Invalid username or password')));
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('himalaya', 'wrong-pass');
    fireEvent.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it("also shows 'Login failed' for a rejection that is not an Error", async () => {
    const onSubmit = vi.fn(() => Promise.reject(undefined));
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fill('himalaya', 'wrong-pass');
    fireEvent.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });
});

describe('the login rules', () => {
  it("refuse exactly what the server's loginInput refuses (blank username, empty password)", async () => {
    const { loginInput } = await import('../../../../shared/schemas/auth');
    const samples: [string, string][] = [
      ['', 'x'],
      ['   ', 'x'],
      ['ram', ''],
      ['ram', '   '],
      [' ram ', 'secret'],
    ];
    for (const [username, password] of samples) {
      const onSubmit = vi.fn(async () => {});
      const { unmount } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);
      fill(username, password);
      fireEvent.click(signInButton());
      const serverAccepts = loginInput.safeParse({ username, password }).success;
      if (serverAccepts) await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      else expect(await screen.findByText('*This field is required.')).toBeTruthy();
      unmount();
    }
  });
});
