import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubstituteChoicesOut } from '../../../../../shared/schemas/billing';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPendingScreen } from './DriverPendingScreen';
import { DriverRouteScreen } from './DriverRouteScreen';
import { forgetChoices } from './substitutes';

// At a wholesaler of 1,500 products the substitutes' catalogue was most of the jobs screen's
// download, asked for beside the jobs and sent in the same batch: the jobs waited for it. The
// jobs are drawn first; the catalogue is asked for after them, still kept for a van without
// signal (ADR 050, ADR 092).

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });
const CHOICES: SubstituteChoicesOut = { basis: 'exclusive', products: [], customers: [] };

afterEach(() => forgetChoices());

describe("the driver's jobs before the catalogue", () => {
  it('draws the jobs without asking for the catalogue, then asks for it', async () => {
    /** What had been asked for when the jobs were answered. */
    let askedWithJobs: string[] = [];
    const { calls } = renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: {
        'ordertrack.driverPending': () => {
          askedWithJobs = calls.map((c) => c.path);
          return [cashJob('j1'), cashJob('j2')];
        },
        'products.forDriver': () => CHOICES,
      },
    });
    expect(await screen.findAllByRole('button', { name: /^Mark As Delivered/ })).toHaveLength(2);
    expect(askedWithJobs).toContain('ordertrack.driverPending');
    expect(askedWithJobs).not.toContain('products.forDriver');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('products.forDriver'));
  });

  it('draws the route without asking for the catalogue first', async () => {
    const { calls } = renderScreen(<DriverRouteScreen />, {
      path: '/driver/route',
      user: driver,
      answers: {
        'ordertrack.driverRoute': () => ({ date: '2026-11-29', stops: [] }),
        'ordertrack.driverPending': () => [cashJob('j1')],
        'products.forDriver': () => CHOICES,
      },
    });
    const before = calls.map((c) => c.path);
    expect(before).toContain('ordertrack.driverPending');
    expect(before).not.toContain('products.forDriver');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('products.forDriver'));
  });
});
