import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-test-app';

/** The app's log lines as parsed JSON objects. */
function collector() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

describe('request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes no line per request at info, so the start banner and warnings stay readable', async () => {
    const log = collector();
    t = await createTestApp({ logLevel: 'info', logStream: log.stream });
    for (const url of ['/api/token', '/api/users', '/api/nothing-here']) await t.app.inject({ url });
    expect(log.lines.filter((l) => (l.level as number) <= 30)).toEqual([]);
  });

  it('writes one line per request at debug, with the route pattern instead of a token in the path', async () => {
    const log = collector();
    t = await createTestApp({ logLevel: 'debug', logStream: log.stream });
    const token = 'a'.repeat(64);
    await t.app.inject({ url: '/api/token' });
    await t.app.inject({ url: '/api/users/12' });
    await t.app.inject({ url: `/activate/${token}?x=1` });
    await t.app.inject({ url: `/reset-password/${token}` });
    const requests = log.lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/token', statusCode: 200 }),
      expect.objectContaining({ method: 'GET', url: '/api/users/:id', statusCode: 401 }),
      expect.objectContaining({ url: '/activate/[token]?x=1' }),
      expect.objectContaining({ url: '/reset-password/[token]' }),
    ]);
    expect(JSON.stringify(log.lines)).not.toContain(token);
  });
});
