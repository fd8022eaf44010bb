/**
 * The server's clock as this device sees it: a device whose clock is wrong (minutes or hours off,
 * a phone set by hand) still dates an answer, a photo and a signature by the server's time. Each
 * API answer's Date header is a sample (whole seconds, hence + 500 ms); the median of the last few
 * is the offset, kept in localStorage for a start without a connection. An offset under 2 s is
 * taken as none: the network's delay is of that order.
 */
const KEY = 'kw-clock-offset';
const SAMPLES = 5;
const NEGLIGIBLE_MS = 2_000;

const samples: number[] = [];
let offset = readStored();

function readStored(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(KEY) ?? 0);
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** An answer of the server made at `servedAt` (its Date header, ms) arrived now. */
export function noteServerTime(servedAt: number, receivedAt = Date.now()) {
  samples.push(servedAt + 500 - receivedAt);
  if (samples.length > SAMPLES) samples.shift();
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const next = Math.abs(median) < NEGLIGIBLE_MS ? 0 : Math.round(median);
  if (next === offset) return;
  offset = next;
  try {
    globalThis.localStorage?.setItem(KEY, String(offset));
  } catch {
    // No storage (private mode): the offset holds for this page.
  }
}

/** Now by the server's clock (ms). */
export const serverNow = () => Date.now() + offset;
/** Now by the server's clock, as ISO 8601 (what a change is dated with). */
export const serverNowIso = () => new Date(serverNow()).toISOString();

/** For tests. */
export function resetServerClock() {
  samples.length = 0;
  offset = 0;
}
