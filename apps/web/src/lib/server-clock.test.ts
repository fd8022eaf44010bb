import { afterEach, describe, expect, it } from 'vitest';
import { noteServerTime, resetServerClock, serverNow, serverNowIso } from './server-clock';

afterEach(resetServerClock);

describe("the server's clock as the device sees it", () => {
  it('a device an hour ahead dates its changes by the server (the median of its last answers)', () => {
    const now = Date.now();
    // The Date header has whole seconds; the answers took a moment to arrive.
    for (const delay of [120, 80, 4_000, 95, 110])
      noteServerTime(Math.floor((now - 3_600_000) / 1000) * 1000, now + delay);
    expect(Math.abs(serverNow() - (now - 3_600_000))).toBeLessThan(1_500);
    expect(Date.parse(serverNowIso())).toBeLessThan(now - 3_500_000);
  });

  it('a device whose clock is about right is taken as it is', () => {
    const now = Date.now();
    noteServerTime(Math.floor(now / 1000) * 1000 - 1_000, now);
    const before = Date.now();
    expect(serverNow()).toBeGreaterThanOrEqual(before);
    expect(serverNow()).toBeLessThanOrEqual(Date.now());
  });
});
