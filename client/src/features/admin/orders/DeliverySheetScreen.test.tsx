import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DeliverySheetScreen } from './DeliverySheetScreen';

// A driver's printed sheet: orders dispatched early for a later day are headed by their date,
// after the day's stops, so a driver does not deliver them two days early. A stop the office
// made without an order is headed by the day the server gives it, like any other.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

/** A stop as the sheet's query answers it: an order's stop is for its order's date. */
function stop(job: JobOut, deliveryDate = job.order?.deliveryDate ?? '') {
  return { ...job, deliveryDate };
}

/** A job the office made without an order (a box to take, no lines, nothing to collect). */
function withoutOrder(id: string, deliveryDate: string) {
  return stop(cashJob(id, {}, { order: null, amountToCollect: 0 }), deliveryDate);
}

function sheet(jobs: ReturnType<typeof stop>[]) {
  return renderScreen(<DeliverySheetScreen />, {
    path: '/admin/ordertrack/sheet/d1',
    pattern: '/admin/ordertrack/sheet/:driverId',
    user: admin,
    answers: {
      'ordertrack.sheet': () => ({
        driver: { _id: 'd1', username: 'driver1', name: 'Ram' },
        jobs,
        totalToCollect: jobs.reduce((s, j) => s + j.amountToCollect, 0),
      }),
    },
  });
}

/** The sheet as read top to bottom: each heading's date, and each stop under the last one. */
async function headedStops() {
  await screen.findAllByTestId('sheet-stop');
  const out: string[] = [];
  for (const el of document.querySelectorAll(
    '[data-testid="sheet-date"], [data-testid="sheet-stop"]',
  )) {
    const text = el.textContent ?? '';
    out.push(
      el.getAttribute('data-testid') === 'sheet-date'
        ? `date ${text.replace(/^Delivery date: /, '')}`
        : `stop ${/Curry \w+/.exec(text)?.[0] ?? text}`,
    );
  }
  return out;
}

describe("a driver's delivery sheet", () => {
  it('heads each delivery date before its stops', async () => {
    sheet([
      stop(cashJob('a', { deliveryDate: '2030-05-15', orderNumber: 10280 })),
      stop(cashJob('b', { deliveryDate: '2030-05-15', orderNumber: 10281 })),
      stop(cashJob('c', { deliveryDate: '2030-05-17', orderNumber: 10287 })),
    ]);
    const dates = await screen.findAllByTestId('sheet-date');
    expect(dates.map((d) => d.textContent)).toEqual([
      expect.stringContaining('15'),
      expect.stringContaining('17'),
    ]);
    expect(dates[0]?.textContent).toMatch(/^Delivery date: /);
  });

  it('puts a stop made without an order under its date, with the orders of that day', async () => {
    sheet([
      withoutOrder('x', '2030-05-14'),
      withoutOrder('y', '2030-05-15'),
      stop(cashJob('a', { deliveryDate: '2030-05-15', orderNumber: 10280 })),
      stop(cashJob('c', { deliveryDate: '2030-05-17', orderNumber: 10287 })),
    ]);
    expect(await headedStops()).toEqual([
      'date 14 May 2030',
      'stop Curry x',
      'date 15 May 2030',
      'stop Curry y',
      'stop Curry a',
      'date 17 May 2030',
      'stop Curry c',
    ]);
  });

  it('heads a sheet of stops made without an order alone', async () => {
    sheet([withoutOrder('x', '2030-05-15'), withoutOrder('y', '2030-05-15')]);
    expect(await headedStops()).toEqual(['date 15 May 2030', 'stop Curry x', 'stop Curry y']);
  });

  it("names the credit note that makes a stop's cash less than its order, as the card does", async () => {
    sheet([
      stop(
        cashJob(
          'a',
          { credits: [{ id: 'cn1', number: 'CN-000001', total: 500 }] },
          { amountToCollect: 2160 - 500 },
        ),
      ),
      stop(cashJob('b', { orderNumber: 10281 }, { amountToCollect: 2160 })),
    ]);
    const [first, second] = await screen.findAllByTestId('sheet-stop');
    expect(first?.textContent).toContain(
      'Invoice with tax: ¥2,160less credit note CN-000001 −¥500',
    );
    expect(first?.textContent).toContain('To collect: ¥1,660');
    expect(second?.textContent).not.toContain('credit note');
  });
});
