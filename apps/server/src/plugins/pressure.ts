import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';

export type PressureOptions = {
  /** Mean event-loop delay (ms) over a sample above which requests get 503. */
  maxEventLoopDelay: number;
  /** How often (ms) the delay is sampled. */
  sampleInterval: number;
  /** Seconds in Retry-After. */
  retryAfter: number;
};

export const DEFAULT_PRESSURE: PressureOptions = { maxEventLoopDelay: 1000, sampleInterval: 1000, retryAfter: 5 };

/**
 * When the event loop lags (a heavy request or a flood stalls this process), new requests are
 * refused at once, before the session is looked up, with 503 and Retry-After, so the process
 * catches up instead of queueing more work and stalling everyone for seconds. The refusal is
 * @fastify/under-pressure's FST_UNDER_PRESSURE error, which plugins/errors.ts answers with a
 * Dutch message in the envelope (and one warning per stretch of pressure).
 */
export const pressurePlugin = fp<PressureOptions>(async (app, opts) => {
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelay,
    sampleInterval: opts.sampleInterval,
    retryAfter: opts.retryAfter,
  });
});
