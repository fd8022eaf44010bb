import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { defaultPoolSize, loadConfig } from './config';

describe('configuration', () => {
  it('sizes the PostgreSQL pool from the cores unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(defaultPoolSize()).toBe(Math.min(20, 2 * os.availableParallelism() + 1));
    expect(loadConfig({}).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('refuses a pool size that is not a whole number from 1 to 100, naming the variable', () => {
    for (const bad of ['0', '-1', '2.5', 'veel', '101'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses to run a PostgreSQL server in production without a SESSION_SECRET', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db.example.com:5432/keurwijzer' }),
    ).toThrow(/SESSION_SECRET/);
  });

  it("takes the malfunctions' cut-off time as HH:MM (default 16:00) and refuses anything else, naming the variable", () => {
    expect(loadConfig({}).malfunctionCutoff).toBe('16:00');
    expect(loadConfig({ MALFUNCTION_CUTOFF: '17:30' }).malfunctionCutoff).toBe('17:30');
    for (const bad of ['24:00', '9:00', '16:60', '16.00', '', 'vier uur'])
      expect(() => loadConfig({ MALFUNCTION_CUTOFF: bad }), bad).toThrow(/MALFUNCTION_CUTOFF/);
  });
});
