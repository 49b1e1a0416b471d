import { DEFAULT_THEME } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderAt } from '../test/render';
import { theme } from '../theme';
import { UserMenu } from './UserMenu';

// The account menu of every signed-in person: a valid menu (only menu items take the focus,
// axe's aria-required-children) whose words are readable on its white (4.5:1).

const users = {
  customer: makeUser(),
  driver: makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null }),
  admin: makeUser({
    _id: 'a1',
    role: 'admin',
    isAdmin: true,
    userType: 'Admin',
    name: 'Office',
    restaurantName: null,
    customerId: null,
  }),
};

async function openMenu(user: ReturnType<typeof makeUser>) {
  renderAt(<UserMenu user={user} />, '/', fakeAuth({ user }));
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

/** WCAG's contrast ratio of a #rrggbb colour on white. */
function contrastOnWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** The #rrggbb of a `var(--mantine-color-<name>-<shade>)`, from the app's theme. */
function shadeOf(cssVar: string): string {
  const [, name = '', index = ''] = /--mantine-color-(\w+)-(\d)\)/.exec(cssVar) ?? [];
  const colors: Record<string, readonly string[] | undefined> = {
    ...DEFAULT_THEME.colors,
    ...theme.colors,
  };
  return colors[name]?.[Number(index)] ?? '';
}

describe.each(Object.entries(users))('the account menu (%s)', (_who, user) => {
  it('holds only menu items that take the focus; the name is a plain label', async () => {
    const menu = await openMenu(user);
    const focusable = Array.from(
      menu.querySelectorAll<HTMLElement>('[tabindex], button, a[href], input, select, textarea'),
    ).filter((el) => !el.closest('[role="menuitem"]'));
    expect(focusable.map((el) => el.outerHTML.slice(0, 80))).toEqual([]);
    // Every owned element with a role is a menu item (the label and the divider have none).
    const roles = Array.from(menu.querySelectorAll('[role]')).map((el) => el.getAttribute('role'));
    expect(new Set(roles)).toEqual(new Set(['menuitem']));
    expect(within(menu).getByText(user.name)).toBeTruthy();
    // Opened, the keyboard lands on the first item.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(menu).getByRole('menuitem', { name: 'Change password' }),
      ),
    );
  });

  it('writes Logout in a red readable on white', async () => {
    const menu = await openMenu(user);
    const logout = within(menu).getByRole('menuitem', { name: 'Logout' });
    // Its own colour, or Mantine's menu colour for it.
    const colour = logout.style.color || logout.style.getPropertyValue('--menu-item-color');
    expect(colour).toMatch(/^var\(--mantine-color-red-\d\)$/);
    expect(contrastOnWhite(shadeOf(colour))).toBeGreaterThanOrEqual(4.5);
  });
});
