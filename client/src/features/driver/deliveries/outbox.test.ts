import { afterEach, describe, expect, it, vi } from 'vitest';
import { discard, enqueue, flush, hasSendable, queuedNow, wasSentHere } from './outbox';

// The delivery queue on the driver's phone: a delivery the server refuses is never dropped
// silently; it stays, marked refused with the server's reason, until the driver corrects it
// (sent anew with a new key) or discards it.

afterEach(() => vi.unstubAllGlobals());

const TAPPED = new Date(Date.now() - 60_000).toISOString();

function answerWith(response: () => Response) {
  const sent: { url: string; body: Record<string, unknown>; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(url),
        body: JSON.parse(String(init?.body)),
        key: new Headers(init?.headers).get('Idempotency-Key'),
      });
      return response();
    }),
  );
  return sent;
}

const refused =
  (appCode: string, params: Record<string, unknown> = {}) =>
  () =>
    new Response(
      JSON.stringify({
        error: {
          message: 'refused',
          code: -32600,
          data: { code: 'BAD_REQUEST', httpStatus: 400, appCode, params },
        },
      }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    );

const ok = () =>
  new Response(JSON.stringify({ result: { data: { _id: 'x' } } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe("the driver's delivery queue", () => {
  it('keeps a refused delivery with its reason and entries, and does not send it again', async () => {
    const sent = answerWith(refused('delivery.cashAboveInvoice', { amount: '¥1,080' }));
    await enqueue({ _id: 'r1', restaurantName: 'Lumbini Curry' }, 'Mr Gurung', {
      tappedAt: TAPPED,
      lines: [{ lineId: 'l1', deliveredQuantity: 1, reason: 'short' }],
      cashTaken: 2000,
    });
    const r = await flush();
    expect(r.refused.map((x) => [x.jobId, x.restaurantName])).toEqual([['r1', 'Lumbini Curry']]);
    expect(r.sent).toBe(0);
    const kept = queuedNow().find((q) => q.jobId === 'r1');
    expect(kept).toMatchObject({
      recipientName: 'Mr Gurung',
      cashTaken: 2000,
      lines: [{ lineId: 'l1', deliveredQuantity: 1, reason: 'short' }],
      refused: { data: { appCode: 'delivery.cashAboveInvoice', params: { amount: '¥1,080' } } },
    });
    expect(hasSendable()).toBe(false);

    // The next send leaves it alone: it waits for the driver, not for the network.
    const again = await flush();
    expect(again.refused).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(queuedNow().some((q) => q.jobId === 'r1')).toBe(true);

    // Corrected: it replaces the refused one, with a new key, and goes.
    const firstKey = sent[0]?.key;
    const sentOk = answerWith(ok);
    await enqueue({ _id: 'r1', restaurantName: 'Lumbini Curry' }, 'Mr Gurung', {
      tappedAt: TAPPED,
      lines: [{ lineId: 'l1', deliveredQuantity: 1, reason: 'short' }],
      cashTaken: 1080,
    });
    expect(queuedNow().find((q) => q.jobId === 'r1')?.refused).toBeUndefined();
    const done = await flush();
    expect(done.delivered).toEqual(['r1']);
    expect(sentOk[0]?.body.cashTaken).toBe(1080);
    expect(sentOk[0]?.key).not.toBe(firstKey);
    expect(queuedNow().some((q) => q.jobId === 'r1')).toBe(false);
  });

  it('a second tap on a job waiting to be sent keeps the first', async () => {
    answerWith(() => {
      throw new TypeError('Failed to fetch');
    });
    await enqueue({ _id: 'w1', restaurantName: 'Bhojan' }, 'First', { tappedAt: TAPPED });
    await enqueue({ _id: 'w1', restaurantName: 'Bhojan' }, 'Second', { tappedAt: TAPPED });
    const r = await flush();
    expect(r.waiting).toBe(true);
    expect(queuedNow().find((q) => q.jobId === 'w1')?.recipientName).toBe('First');
    await discard('w1');
  });

  it('a refused delivery leaves only when the driver discards it', async () => {
    answerWith(refused('delivery.notFound'));
    await enqueue({ _id: 'r2', restaurantName: 'Himal' }, undefined, { tappedAt: TAPPED });
    await flush();
    expect(queuedNow().find((q) => q.jobId === 'r2')?.refused).toBeTruthy();
    await discard('r2');
    expect(queuedNow().some((q) => q.jobId === 'r2')).toBe(false);
  });

  it('an already delivered job is done, not refused', async () => {
    answerWith(refused('delivery.alreadyDelivered'));
    await enqueue({ _id: 'a1', restaurantName: 'Everest' }, undefined, { tappedAt: TAPPED });
    const r = await flush();
    expect(r).toMatchObject({ refused: [], delivered: ['a1'] });
    expect(queuedNow().some((q) => q.jobId === 'a1')).toBe(false);
  });

  it('its own earlier send (the same cash recorded) is done', async () => {
    answerWith(refused('delivery.alreadyDelivered', { cashRecorded: 17010 }));
    await enqueue({ _id: 'a2', restaurantName: 'Lotus' }, undefined, {
      tappedAt: TAPPED,
      cashTaken: 17010,
    });
    expect(await flush()).toMatchObject({ refused: [], delivered: ['a2'] });
    expect(queuedNow().some((q) => q.jobId === 'a2')).toBe(false);
  });

  it('delivered by the office first: the cash taken is kept and said to be unrecorded', async () => {
    answerWith(refused('delivery.alreadyDelivered', { cashRecorded: 0 }));
    await enqueue({ _id: 'a3', restaurantName: 'Sagarmatha' }, undefined, {
      tappedAt: TAPPED,
      cashTaken: 12000,
    });
    const r = await flush();
    // Delivered on the server (it leaves the pending list), and said: nothing to send again.
    expect(r.delivered).toEqual(['a3']);
    expect(r.refused.map((x) => x.jobId)).toEqual(['a3']);
    expect(wasSentHere('a3')).toBe(true);
    const kept = queuedNow().find((q) => q.jobId === 'a3');
    expect(kept?.cashTaken).toBe(12000);
    expect(kept?.refused?.data).toMatchObject({
      appCode: 'delivery.cashNotRecorded',
      params: { cash: '¥12,000' },
    });
  });
});
