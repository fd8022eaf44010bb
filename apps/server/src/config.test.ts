import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { defaultPoolSize, fastifyTrustProxy, loadConfig } from './config';

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

  it('reads TRUST_PROXY as none, a number of hops or a list of proxy addresses, never "trust every address"', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    for (const none of [undefined, '', '0', 'false', 'no', ' 0 ']) expect(trust(none), String(none)).toBe(false);
    // "1" (and the old "true"/"yes") is one proxy in front of the app, not "believe the leftmost address".
    for (const one of ['1', 'true', 'yes', 'TRUE']) expect(trust(one), one).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1,10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(trust(' 127.0.0.1 , ::1, fd00::/8,loopback ')).toEqual(['127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['11', '-1', '1.5', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,', '::1/129', '10.0.0.1/8/1'])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it("gives Fastify a hop count as a function of the hop: the client is the address before the app's last N proxies", () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const two = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => two('203.0.113.9', hop))).toEqual([true, true, false, false]);
  });
});
