import { expect, test } from '@playwright/test';

test('robots.txt is a real robots file, and a missing file is a 404 instead of the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('Disallow: /api/');

  const missing = await request.get('/something.txt');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toMatch(/text\/html/);
});

test('the page has a description and its scripts come compressed', async ({ page }) => {
  // Files under 1 KB are not worth it and go as they are.
  const encodings: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.body()).length < 1024) return;
    encodings.push(response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Keurwijzer/);
  await page.waitForLoadState('networkidle');
  expect(encodings.length).toBeGreaterThan(0);
  expect(encodings.filter((e) => e !== 'br' && e !== 'gzip')).toEqual([]);
});
