import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlacementChain } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { plannedReport } from '../modules/tasklists/tasklists.test-helpers';
import { escapeHtml } from '../lib/html';
import { inlineScriptSources } from './first-paint';

/**
 * The report screen's first paint (section 6): GET /mechanic/report/:id for a user who
 * may open the report carries the report's heading and the answers of the page's early requests;
 * anyone else gets index.html as it is.
 */
const SCHEME = "document.documentElement.classList.add('light');";
const INDEX =
  '<!doctype html><html lang="nl"><head><title>Keurwijzer</title>' +
  `<script>${SCHEME}</script><script type="module" crossorigin src="/assets/index-abc.js"></script>` +
  '<link rel="modulepreload" crossorigin href="/assets/base-abc.js"></head>' +
  '<body><div id="root"></div></body></html>';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-first-paint-'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ app: () => ({ env: { WEB_DIST: dist } }) });

/** The JSON of the page's `#early-answers` block. */
function answersOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="early-answers">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the early answers').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const page = (id: number) => `/mechanic/report/${id}`;

describe('the report screen with its first paint', () => {
  it("writes the heading and the early requests' answers into the page of a user who may open the report", async () => {
    const { reportId, machine } = await plannedReport(t, await createPlacementChain(t.db));
    const res = await t.mechanic.get(page(reportId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The user's data: never kept by a cache.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<h1>Rapport ${escapeHtml(machine.name)}</h1>`);
    expect(res.body).toContain('<div id="first-paint" aria-hidden="true">');
    expect(res.body).toContain('<div id="root"></div>');
    // The app's code is not needed for this first paint.
    expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/base-abc.js">');
    // The same answers the API gives this user.
    const answers = answersOf(res.body);
    expect(Object.keys(answers).sort()).toEqual(['/api/authorized', `/api/reports/${reportId}`]);
    expect(answers[`/api/reports/${reportId}`]).toEqual((await t.mechanic.get(`/api/reports/${reportId}`)).json());
    expect(answers['/api/authorized']).toEqual((await t.mechanic.get('/api/authorized')).json());
  });

  it('gives index.html as it is without a session, to a customer, for a report that does not exist or another page', async () => {
    // Even the customer's own machine's report: its user reads reports in the portal, not here.
    const { reportId } = await plannedReport(t, t.customerA.chain);
    for (const [who, client, url] of [
      ['visitor', t.visitor, page(reportId)],
      ["the machine's customer", t.customerA.client, page(reportId)],
      ['another customer', t.customerB.client, page(reportId)],
      ['missing report', t.mechanic, page(999_999)],
      ['another page', t.mechanic, `/mechanic/tasklists/${reportId}`],
      ['an id too long', t.mechanic, '/mechanic/report/12345678901234567890'],
    ] as const) {
      const res = await client.get(url);
      expect(res.statusCode, who).toBe(200);
      expect(res.body, who).toBe(INDEX);
      expect(res.headers['cache-control'], who).toBe('no-cache');
    }
  });

  it("escapes a machine's name in the heading and in the answers (no markup, no end of the script)", async () => {
    const name = '</script><img src=x onerror=alert(1)> & "Boor" \u2028';
    const { reportId } = await plannedReport(t, await createPlacementChain(t.db), { values: { name } });
    const res = await t.mechanic.get(page(reportId));
    expect(res.body).toContain(
      '<h1>Rapport &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Boor&quot; \u2028</h1>',
    );
    expect(res.body).not.toContain('<img');
    // The only </script> ends are the document's own: the fixture's two and the answers'.
    expect(res.body.match(/<\/script>/g)).toHaveLength(3);
    const answers = answersOf(res.body);
    expect((answers[`/api/reports/${reportId}`] as { data: { machine: { name: string } } }).data.machine.name).toBe(
      name,
    );
  });
});

describe("index.html's inline script", () => {
  it('is allowed by the CSP through its hash, and no other inline script is', async () => {
    const hash = `'sha256-${createHash('sha256').update(SCHEME).digest('base64')}'`;
    expect(inlineScriptSources(INDEX)).toEqual([hash]);
    const res = await t.visitor.get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
