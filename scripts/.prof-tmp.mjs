import puppeteer from 'puppeteer-core';
const base = 'http://127.0.0.1:3390';
const jar = new Map();
async function call(path, init = {}) {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(base + path, { ...init, headers: { Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...init.headers } });
  for (const c of res.headers.getSetCookie()) { const [pair] = c.split(';'); const i = pair.indexOf('='); jar.set(pair.slice(0, i), pair.slice(i + 1)); }
  const body = await res.json().catch(() => null); return body?.data;
}
const { token } = await call('/api/token');
await call('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token }, body: JSON.stringify({ email: 'monteur@example.com', password: 'Demo1234!' }) });
const path = process.argv[2];
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
for (const [name, value] of jar) await page.setCookie({ name, value, url: base, httpOnly: true });
await page.evaluateOnNewDocument(() => {
  window.__commits = [];
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) { window.__commits.push(Math.round(performance.now())); } };
});
const client = await page.createCDPSession();
const prof = process.env.PROFILE !== '0';
if (prof) await client.send('Profiler.enable');
if (prof) { await client.send('Profiler.setSamplingInterval', { interval: 200 }); await client.send('Profiler.start'); }
await page.goto(base + path, { waitUntil: 'load' });
await new Promise((r) => setTimeout(r, 8000));
const { profile } = prof ? await client.send('Profiler.stop') : { profile: { nodes: [], samples: [], timeDeltas: [] } };
const m = Object.fromEntries((await page.metrics ? Object.entries(await page.metrics()) : []));
console.log(JSON.stringify(m));
console.log('qc', JSON.stringify(await page.evaluate(() => { const q = window.__qc || []; const m = {}; for (const t of q) m[Math.round(t/100)*100] = (m[Math.round(t/100)*100]||0)+1; return m; })));
console.log('cards', await page.evaluate(() => [document.querySelectorAll('[role=group][id^=question-]').length, document.querySelectorAll('[role=group][id^=question-] textarea').length].join(' ')));
console.log('longtasks', JSON.stringify(await page.evaluate(() => window.__lt)));
console.log('res', (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '').slice(0, 50)}`))).join('\n    '));
console.log('paint', JSON.stringify(await page.evaluate(() => performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]))));
console.log('commits', JSON.stringify(await page.evaluate(() => window.__commits)));
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; const counts = new Map();
profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
for (const [id, t] of counts) { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`; self.set(key, (self.get(key) ?? 0) + t); }
// inclusive time per function name
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const k = (n.callFrame.functionName || '(anon)') + ' ' + n.callFrame.url.split('/').pop().replace(/-[\w-]{8}\.js/, '') + ':' + n.callFrame.lineNumber; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); } }
for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).filter(([k]) => process.env.NAMES ? new RegExp(process.env.NAMES).test(k) : true).slice(0, 70)) console.log('incl', (t / 1000).toFixed(1).padStart(8), k);
// children of each chunk's top-level code (module evaluation)
const inclOf = new Map();
const inclusive = (id) => { if (inclOf.has(id)) return inclOf.get(id); const n = byId.get(id); let t = counts.get(id) ?? 0; for (const c of n.children ?? []) t += inclusive(c); inclOf.set(id, t); return t; };
const evalKids = new Map();
for (const n of profile.nodes) {
  const cf = n.callFrame;
  if (cf.functionName === '' && cf.lineNumber === 0 && /assets\//.test(cf.url)) {
    const chunk = cf.url.split('/').pop();
    evalKids.set(chunk + ' SELF', (evalKids.get(chunk + ' SELF') ?? 0) + (counts.get(n.id) ?? 0));
    for (const c of n.children ?? []) { const k = byId.get(c).callFrame; const key = chunk + ' > ' + (k.functionName || '(anon)') + ':' + k.lineNumber; evalKids.set(key, (evalKids.get(key) ?? 0) + inclusive(c)); }
  }
}
if (process.env.FN) { const want = new RegExp(process.env.FN); const kids = new Map(); for (const n of profile.nodes) { if (!want.test(n.callFrame.functionName)) continue; for (const c of n.children ?? []) { const k = byId.get(c).callFrame; const key = (k.functionName || '(anon)') + ' ' + k.url.split('/').pop() + ':' + k.lineNumber; kids.set(key, (kids.get(key) ?? 0) + inclusive(c)); } } for (const [k, t] of [...kids].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log('kid', (t / 1000).toFixed(1).padStart(8), k); }
for (const [k, t] of [...evalKids].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log('eval', (t / 1000).toFixed(1).padStart(8), k);
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, t] of top) console.log((t / 1000).toFixed(1).padStart(8), 'ms', k);
// inclusive per function name
await browser.close();
