import { expect, test, type Page } from '@playwright/test';
import { checkScreen, eachLook } from '../support/looks';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';

const tokensSection = (page: Page) => page.getByRole('region', { name: 'API-tokens' });
const tokenList = (page: Page) => tokensSection(page).getByRole('list', { name: 'API-tokens' });

/** "Nieuw API-token": name, rights, lifetime; returns the token the dialog shows once. */
async function createToken(page: Page, name: string, rights: 'Alleen lezen' | 'Lezen en schrijven') {
  await tokensSection(page).getByRole('button', { name: 'Nieuw API-token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw API-token' });
  await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
  await dialog.getByRole('radio', { name: rights }).check();
  await dialog.getByRole('combobox', { name: 'Geldig' }).click();
  await page.getByRole('option', { name: '30 dagen' }).click();
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  const shown = page.getByRole('dialog', { name: 'API-token is aangemaakt' });
  await expect(shown).toContainText('Kopieer het token nu: het wordt niet nog eens getoond.');
  const token = await shown.getByRole('textbox', { name: `Token "${name}"` }).inputValue();
  expect(token).toMatch(/^kw_[A-Za-z0-9_-]{43}$/);
  return token;
}

test("a customer makes a read token on the profile, a program reads the customer's own machines with it, and the revoked token stops working", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.customer);
  await page.goto('/profile');
  await expect(tokensSection(page)).toBeVisible();

  // An empty name is refused in the dialog, in Dutch, and nothing is made.
  await tokensSection(page).getByRole('button', { name: 'Nieuw API-token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw API-token' });
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Naam' })).toHaveAccessibleDescription('Verplicht');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();

  const name = unique('ERP ');
  const token = await createToken(page, name, 'Alleen lezen');
  await eachLook(page, (look) => checkScreen(page, `api-token-created-${look}`));
  await page.getByRole('button', { name: 'Klaar' }).click();
  const row = tokenList(page).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Alleen lezen');
  await expect(row).toContainText('Nog niet gebruikt');

  // A program (no cookie, no CSRF token) reads with it: the customer's machines, no office data.
  const program = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const machines = await program.get('/api/machines?itemsPerPage=100');
  expect(machines.status()).toBe(200);
  const own = (await (await page.request.get('/api/machines?itemsPerPage=100')).json()) as { meta: { total: number } };
  expect(((await machines.json()) as { meta: { total: number } }).meta.total).toBe(own.meta.total);
  expect((await program.get('/api/customers')).status()).toBe(403);
  expect((await program.post('/api/machines/1/malfunctions', { data: {} })).status()).toBe(403);

  // Read back after a reload: the token's last use; then a second one beside it.
  await page.reload();
  await expect(row).not.toContainText('Nog niet gebruikt');
  await expect(row).toContainText('Laatst gebruikt');
  const second = unique('BI ');
  await createToken(page, second, 'Lezen en schrijven');
  await page.getByRole('button', { name: 'Klaar' }).click();
  await expect(tokenList(page).getByRole('listitem').filter({ hasText: second })).toContainText('Lezen en schrijven');
  await eachLook(page, (look) => checkScreen(page, `api-tokens-profile-${look}`));

  // Revoked after a confirmation: the program is refused from then on.
  for (const revoked of [name, second]) {
    await tokenList(page)
      .getByRole('listitem')
      .filter({ hasText: revoked })
      .getByRole('button', { name: `Intrekken: ${revoked}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Intrekken?' });
    await expect(confirm).toContainText(`Token "${revoked}" intrekken?`);
    await confirm.getByRole('button', { name: 'Intrekken' }).click();
    await expectNotification(page, 'API-token is ingetrokken');
    await expect(tokenList(page).getByRole('listitem').filter({ hasText: revoked })).toHaveCount(0);
  }
  expect((await program.get('/api/machines')).status()).toBe(401);
  await program.dispose();
});

test('an admin opens the API documentation from the profile and reads a call with its fields', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/profile');
  await tokensSection(page).getByRole('link', { name: 'API-documentatie' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API-documentatie' })).toBeVisible();
  const filter = page.getByRole('searchbox', { name: 'Aanroepen filteren' });
  await filter.fill('api-tokens');
  await expect(page.getByRole('status').filter({ hasText: /^3 van \d+ aanroepen$/ })).toBeVisible();
  const call = page.getByRole('button', { name: /POST\s*\/api\/api-tokens/ });
  await call.click();
  const details = page.getByRole('region', { name: /POST\s*\/api\/api-tokens/ });
  await expect(details).toContainText('Body (JSON of formulier)');
  await expect(details).toContainText(/name\s*string\s*verplicht/);
  await expect(details).toContainText('"read" | "write"');
  await expect(details).toContainText('Antwoord 201');
  await eachLook(page, (look) => checkScreen(page, `api-docs-${look}`));

  // An office call is there for the admin; the document downloads as it is.
  await filter.fill('/api/customers/{customerId}/machines');
  await expect(
    page.getByRole('button', { name: /^GET\s*\/api\/customers\/\{customerId\}\/machines\s*Recht customers.view/ }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'openapi.json' }).click();
  expect((await download).suggestedFilename()).toBe('keurwijzer-openapi.json');
});
