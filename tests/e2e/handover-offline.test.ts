import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, PHONE, signIn, startE2E } from './harness';

// The driver's cash handover opened where the van has no signal: the screen shows (with the
// day it last read), it does not fall into "Something went wrong" because a piece of its code
// was never fetched while there was signal.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('the handover without signal', () => {
  it('opens from the payments screen after the signal drops', async () => {
    const phone = await e.newPage(PHONE);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.goto('/driver/payments');
    await phone
      .getByRole('link', { name: /handover/i })
      .first()
      .waitFor();
    // The driver had signal for a while: what the area fetches on opening has arrived.
    await phone.waitForLoadState('networkidle');
    await phone.context().setOffline(true);
    await phone
      .getByRole('link', { name: /handover/i })
      .first()
      .click();
    await phone.getByRole('heading', { name: 'Cash handover' }).waitFor();
    // The date field is the screen's own code, fetched apart: it shows, not the error screen.
    await phone.getByLabel('Date').first().waitFor({ timeout: 10_000 });
    await expect(phone.getByText('Something went wrong on this screen').count()).resolves.toBe(0);
    await phone.context().setOffline(false);
  });
});
