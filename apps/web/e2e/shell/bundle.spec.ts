import { expect, test, type Page } from '@playwright/test';

/** Goal for any first visit that ends on the login page (docs/architecture.md, bundle size). */
const GOAL_BYTES = 200 * 1024;

/**
 * Opens `path` in a fresh page and adds up the JavaScript the browser downloads until the login
 * form is there: the encoded body sizes, i.e. the bytes as transferred (compressed when the server
 * compresses).
 */
async function scriptBytes(page: Page, path: string) {
  const scripts: { url: string; bytes: number; encoding: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding });
      })(),
    );
  });
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `${path}: ${(total / 1024).toFixed(1)} KB in ${scripts.length} scripts (${[...new Set(scripts.map((s) => s.encoding))].join(', ')})`,
  );
  return { total, files: scripts.map((s) => s.url) };
}

for (const path of ['/login', '/admin/users', '/admin/customers/1/machines', '/admin/questionnaires/1/categories']) {
  test(`a first visit to ${path} without a session downloads at most 200 KB of JavaScript`, async ({ page }) => {
    const { total, files } = await scriptBytes(page, path);
    expect(total).toBeLessThanOrEqual(GOAL_BYTES);
    // Nothing of the main layout or of a screen behind the login.
    expect(
      files.filter((f) => /\/(guard|main-layout|users-list|customer-machines|data-table|password-strength)-/.test(f)),
    ).toEqual([]);
  });
}
