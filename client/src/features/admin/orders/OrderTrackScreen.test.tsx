import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { showDataTableColumns } from '../../../test/dataTable';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { OrderTrackScreen } from './OrderTrackScreen';

// The delivery jobs table heard by a screen reader or tabbed by keyboard: each row's buttons
// say which restaurant's delivery they act on, not only 配送済みにする / 編集 / 削除 over and over.

showDataTableColumns();
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

function withRestaurant(id: string, restaurantName: string) {
  const job = cashJob(id);
  return { ...job, customer: job.customer && { ...job.customer, restaurantName } };
}

function render() {
  renderScreen(<OrderTrackScreen />, {
    path: '/admin/ordertrack',
    user: admin,
    answers: {
      'ordertrack.pending': () => [
        withRestaurant('s', 'さくら食堂'),
        withRestaurant('h', 'Himalaya Kitchen'),
      ],
      'ordertrack.formOptions': () => ({ drivers: [], routes: [] }),
    },
  });
}

describe('delivery jobs by keyboard', () => {
  it("names each row's buttons with its restaurant, in Japanese", async () => {
    await act(() => i18n.changeLanguage('ja'));
    render();
    await screen.findByRole('button', { name: '編集：さくら食堂' });
    expect(screen.getByRole('button', { name: '配送済みにする：さくら食堂' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '削除：さくら食堂' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '編集：Himalaya Kitchen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '編集' })).toBeNull();
  });

  it('names them in English and Nepali too', async () => {
    render();
    await screen.findByRole('button', { name: 'Mark delivered: Himalaya Kitchen' });
    await act(() => i18n.changeLanguage('ne'));
    await screen.findByRole('button', { name: 'मेटाउनुहोस्: Himalaya Kitchen' });
  });
});
