import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { createTestApp, type TestApp } from '../test/build-test-app';
import { eventually } from '../test/eventually';

/**
 * When the event loop lags, requests are refused at once with 503 and a Dutch
 * message in the envelope instead of queueing behind the stall (plugins/pressure.ts). The app
 * runs with a low threshold here; production uses DEFAULT_PRESSURE.
 */
let t: TestApp;
const lines: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'warn',
    logStream: { write: (line) => void lines.push(JSON.parse(line) as { level: number }) },
    pressure: { maxEventLoopDelay: 100, sampleInterval: 200, retryAfter: 3 },
  });
});
afterAll(() => t?.close());

const nextTimersPhase = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('under pressure', () => {
  it('answers 503 with Retry-After and a Dutch message while the event loop lags, and serves again after', async () => {
    // Served first (on a busy machine the loop may lag before the test stalls it: wait it out).
    await eventually(async () => expect((await t.app.inject({ url: '/api/token' })).statusCode).toBe(200));
    // Keep the event loop lagging, as a stream of heavy synchronous requests would: stall it
    // longer than a sample, let one timers phase run (the delay monitor and the sampler tick
    // there), then ask. Every sample then sees only long ticks, so the refusal comes within a
    // few rounds whatever the machine's load; the test's time-out bounds the rounds.
    let refused: LightMyRequestResponse | undefined;
    while (!refused) {
      const until = Date.now() + 300;
      while (Date.now() < until);
      await nextTimersPhase();
      const res = await t.app.inject({ url: '/api/token' });
      if (res.statusCode === 503) refused = res;
    }
    expect(refused, 'a 503 while the loop lagged').toBeDefined();
    expect(refused!.json()).toEqual({ message: LIMIT_TEXT.busy, errors: {} });
    expect(refused!.headers['retry-after']).toBe('3');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 40).length).toBeGreaterThanOrEqual(1);

    // Served again once the loop caught up (bounded by the test's time-out, not a fixed count).
    await eventually(async () => expect((await t.app.inject({ url: '/api/token' })).statusCode).toBe(200));
  });
});
