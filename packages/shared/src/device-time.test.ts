import { describe, expect, it } from 'vitest';
import { deviceInstant, notAfter } from './device-time';

describe('deviceInstant', () => {
  it('gives a device time as UTC ISO', () => {
    expect(deviceInstant('2026-03-01T10:00:00+01:00')).toBe('2026-03-01T09:00:00.000Z');
  });

  it('refuses what is not a date and time, a day that does not exist, and a time before 2000', () => {
    expect(deviceInstant('gisteren')).toBeNull();
    expect(deviceInstant('2026-03-01')).toBeNull();
    expect(deviceInstant('2026-02-30T10:00:00Z')).toBeNull();
    expect(deviceInstant('1999-12-31T23:59:59Z')).toBeNull();
    expect(deviceInstant('2000-01-01T00:00:00Z')).toBe('2000-01-01T00:00:00.000Z');
  });

  it('caps a time ahead of now at now', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(notAfter('2026-03-01T13:00:00.000Z', now).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(notAfter('2026-03-01T11:00:00.000Z', now).toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });
});
