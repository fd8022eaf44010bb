/*
 * A time a device sends (an answer's `answered_at`, a signature's `signed_at`, a photo's
 * `taken_at`): the device's own clock, so the server checks it the one way here. The server
 * never stores a device's time later than its own (each caller caps it at now, or refuses a
 * time too far ahead).
 */

/** No device worked before this (and PostgreSQL has no year 0). */
export const EARLIEST_DEVICE_TIME = Date.UTC(2000, 0, 1);

/**
 * The device's time as UTC ISO, or null when it is not one: not an ISO date and time, a day that
 * does not exist (`Date.parse` rolls 30 February over into March; PostgreSQL refuses it), or a
 * time before 2000.
 */
export function deviceInstant(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const time = Date.parse(value);
  return time >= EARLIEST_DEVICE_TIME ? new Date(time).toISOString() : null;
}

/** A device's instant (deviceInstant) never later than `now`. */
export const notAfter = (instant: string, now: number = Date.now()): Date =>
  new Date(Math.min(Date.parse(instant), now));
