import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueuePayment, flushPayments, queuedPayments } from './outbox';

// A payment taken without signal waits on the phone with the moment it was taken, and is sent
// with that moment (`takenAt`) and its own key: the server dates it, never the phone (ADR 023).

afterEach(() => vi.unstubAllGlobals());

const TAKEN = '2030-05-14T22:40:00.000Z';

describe("the driver's payment queue", () => {
  it('keeps a payment while there is no signal, then sends it with the time it was taken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await enqueuePayment({
      key: 'pay-key-1',
      invoiceId: 'inv1',
      amount: 3000,
      takenAt: TAKEN,
      restaurantName: 'Lumbini Curry',
    });
    const offline = await flushPayments();
    expect(offline).toMatchObject({ sent: 0, waiting: true });
    expect(queuedPayments().map((p) => p.key)).toEqual(['pay-key-1']);

    const sent: { url: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        sent.push({
          url: String(url),
          body: JSON.parse(String(init?.body)),
          key: new Headers(init?.headers).get('Idempotency-Key'),
        });
        return new Response(JSON.stringify({ result: { data: { _id: 'inv1' } } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const online = await flushPayments();
    expect(online).toMatchObject({ sent: 1, waiting: false, refused: [] });
    expect(queuedPayments()).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toContain('/trpc/invoices.pay');
    expect(sent[0]?.key).toBe('pay-key-1');
    // The time taken, and no date: the server dates it in the business's time zone.
    expect(sent[0]?.body).toEqual({ invoiceId: 'inv1', amount: 3000, takenAt: TAKEN });
  });

  it('drops a payment the server refuses, and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: {
                message: 'too old',
                code: -32600,
                data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'invoice.takenAtTooOld' },
              },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    await enqueuePayment({
      key: 'pay-key-2',
      invoiceId: 'inv2',
      amount: 500,
      takenAt: TAKEN,
      restaurantName: 'Bhojan',
    });
    const r = await flushPayments();
    expect(r.sent).toBe(0);
    expect(r.refused.map((x) => x.restaurantName)).toEqual(['Bhojan']);
    expect(queuedPayments()).toEqual([]);
  });
});
