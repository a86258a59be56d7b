import { ApiError } from '@/lib/api-client';
import { progressText, shipBody, shipEach, shipFailure, type ShipProgress } from './ship-each';

describe('shipEach', () => {
  it('ships one order at a time, says how far it is, and goes on past a failure', async () => {
    const progress: string[] = [];
    const order: string[] = [];
    let inFlight = 0;
    const items = ['o1', 'o2', 'o3', 'o4'].map((id) => ({ id }));
    const outcomes = await shipEach(
      items,
      async ({ id }) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        order.push(id);
        await Promise.resolve();
        inFlight -= 1;
        if (id === 'o2') throw new ApiError('Invalid AWB', 400);
        if (id === 'o3') throw new ApiError('Order Cancelled', 409);
        return { shipped: id };
      },
      { onProgress: (p: ShipProgress) => progress.push(p.current ? progressText(p) : `done ${p.done}/${p.total}`) },
    );
    expect(order).toEqual(['o1', 'o2', 'o3', 'o4']);
    expect(progress).toEqual(['Shipping 1 of 4', 'Shipping 2 of 4', 'Shipping 3 of 4', 'Shipping 4 of 4', 'done 4/4']);
    expect(outcomes).toEqual([
      { id: 'o1', ok: true, reply: { shipped: 'o1' } },
      { id: 'o2', ok: false, message: 'Invalid AWB' },
      { id: 'o3', ok: false, message: 'Order Cancelled' },
      { id: 'o4', ok: true, reply: { shipped: 'o4' } },
    ]);
  });

  it("tells each outcome as it comes, and names a failure in the server's words or a fallback", async () => {
    const heard: string[] = [];
    await shipEach(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      async ({ id }) => {
        if (id === 'a') throw new ApiError('Courier is not answering, try again', 502);
        if (id === 'b') throw new ApiError('Internal error', 500);
        throw new ApiError('Network error', 0);
      },
      { onOutcome: (o) => heard.push(`${o.id}: ${o.ok ? 'ok' : o.message}`) },
    );
    expect(heard).toEqual([
      'a: Courier is not answering, try again',
      'b: Failed to ship the order',
      'c: Failed to ship the order',
    ]);
    expect(shipFailure(new Error('boom'))).toBe('Failed to ship the order');
  });
});

describe('shipBody', () => {
  it('trims, leaves empty fields out and puts each AWB into the tracking URL', () => {
    expect(shipBody(' Delhivery ', ' DLV-1 ', 'https://t.example/{awb}')).toEqual({
      courier: 'Delhivery',
      awb: 'DLV-1',
      trackingUrl: 'https://t.example/DLV-1',
    });
    expect(shipBody('', '', '')).toEqual({});
    expect(shipBody('Blue Dart', 'BD 9', '')).toEqual({ courier: 'Blue Dart', awb: 'BD 9' });
    expect(shipBody('X', 'A/B', 'https://t.example/?awb={awb}')).toEqual({
      courier: 'X',
      awb: 'A/B',
      trackingUrl: 'https://t.example/?awb=A%2FB',
    });
  });
});
