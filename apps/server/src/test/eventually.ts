import { vi } from 'vitest';

/**
 * Waits for what happens after an answer (a mail read back over SMTP, a queue's state) by
 * polling it. Bounded only by the test's own time-out, not by vi.waitFor's one second, so a busy
 * machine makes the test slower, never red.
 */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> =>
  vi.waitFor(check, { timeout: 25_000, interval: 20 });
