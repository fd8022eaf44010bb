import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expectNotification, loginAs } from '../support/login';
import { pngClaiming } from '../support/png';
import {
  MALFUNCTION_TEXT,
  PortalSession,
  expectNotificationBehindDialog,
  loginAsCustomer,
  machineWithReport,
  chooseUrgency,
  malfunctionDialog,
  photo,
} from '../portal/helpers';

/*
 * The one photo picker (apps/web/src/components/photo) on the profile, in the
 * malfunction dialog and on the machine's images. A file is judged by its bytes as it is chosen
 * (a text file named .jpg is refused at once, under it, and nothing is sent); a refusal of the
 * server (too many pixels) shows the server's message under the photo it concerns; a good photo
 * uploads.
 */

/** The server's texts (apps/server/src/lib/image-intake.ts) and the picker's (photo-check.ts). */
const TOO_MANY_PIXELS = 'Deze afbeelding heeft te veel pixels (maximaal 50 megapixel)';
const NOT_AN_IMAGE = 'Dit bestand is geen foto. Kies een JPEG-, PNG- of WebP-afbeelding.';

/** A text file that claims to be a photo. */
const textAsJpeg = { name: 'geen-foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('dit is geen foto') };

/** Counts the requests to URLs matching `pattern` (nothing may be sent for a refused file). */
function countRequests(page: Page, pattern: RegExp) {
  const seen = { count: 0 };
  page.on('request', (req) => {
    if (req.method() === 'POST' && pattern.test(new URL(req.url()).pathname)) seen.count++;
  });
  return seen;
}

/** The tile of the chosen photo named `name`, and the message under it. */
const tile = (scope: Page | Locator, name: string) => scope.getByRole('listitem').filter({ hasText: name });

test('profile photo: a text file named .jpg is refused at once, a pixel bomb shows the server’s reason, a photo uploads', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto('/profile');
  const posts = countRequests(page, /^\/api\/profile\/image$/);
  const input = page.getByLabel('Foto kiezen', { exact: true });

  await input.setInputFiles(textAsJpeg);
  await expect(tile(page, textAsJpeg.name).getByRole('alert')).toHaveText(NOT_AN_IMAGE);
  expect(posts.count).toBe(0);

  await input.setInputFiles(pngClaiming(10_000, 10_000));
  await expect(tile(page, 'enorm.png').getByRole('alert')).toHaveText(TOO_MANY_PIXELS);
  expect(posts.count).toBe(1);
  await expect(tile(page, textAsJpeg.name)).toHaveCount(0);

  await input.setInputFiles(photo('goed.png'));
  await expectNotification(page, 'Foto is gewijzigd');
  await expect(page.getByRole('img', { name: /^Foto van / })).toBeVisible();
  await expect(page.getByTestId('photo-problem')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('img', { name: /^Foto van / })).toBeVisible();
});

test('malfunction dialog: the refused photo is named at once and nothing is sent; the server’s refusal lands under its photo', async ({
  page,
  baseURL,
}) => {
  const customer = await PortalSession.login(baseURL!);
  const machine = await machineWithReport(customer);
  await customer.dispose();
  await loginAsCustomer(page);
  await page.goto(`/machines/${machine.id}`);
  await page.getByRole('button', { name: MALFUNCTION_TEXT.report }).first().click();
  const dialog = malfunctionDialog(page);
  const posts = countRequests(page, /\/malfunctions$/);
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill('Foto’s bij de storing');
  await chooseUrgency(page);
  const input = dialog.getByLabel('Foto kiezen', { exact: true });

  // A text file named .jpg: refused under it as it is chosen, no broken preview, nothing sent.
  await input.setInputFiles([photo('een.png'), textAsJpeg]);
  await expect(tile(dialog, textAsJpeg.name).getByRole('alert')).toHaveText(NOT_AN_IMAGE);
  await expect(tile(dialog, textAsJpeg.name).getByRole('img')).toHaveCount(0);
  await expect(tile(dialog, 'een.png').getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(dialog.getByText('Verwijder eerst de foto die niet geschikt is.')).toBeVisible();
  expect(posts.count).toBe(0);
  await dialog.getByRole('button', { name: 'Foto 2 verwijderen' }).click();

  // The second photo claims too many pixels: the server's message under that one, not the first.
  await input.setInputFiles(pngClaiming(10_000, 10_000));
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(tile(dialog, 'enorm.png').getByRole('alert')).toHaveText(TOO_MANY_PIXELS);
  await expect(tile(dialog, 'een.png').getByRole('alert')).toHaveCount(0);
  expect(posts.count).toBe(1);

  // Without it, the report goes in with the good photo.
  await dialog.getByRole('button', { name: 'Foto 2 verwijderen' }).click();
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expectNotificationBehindDialog(page, MALFUNCTION_TEXT.reported);
});

test('machine images: a text file named .jpg is refused under it, a pixel bomb gets the server’s reason, a photo uploads', async ({
  page,
  baseURL,
}) => {
  // A machine of a customer, through the admin's API.
  const api = await playwrightRequest.newContext({ baseURL });
  const token = async () => ((await (await api.get('/api/token')).json()) as { data: { token: string } }).data.token;
  const login = await api.post('/api/login', {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
    headers: { 'X-CSRF-TOKEN': await token() },
  });
  expect(login.status()).toBe(200);
  const customers = (await (await api.get('/api/customers?itemsPerPage=1')).json()) as { data: { id: number }[] };
  const customerId = customers.data[0]!.id;
  const machines = (await (await api.get(`/api/customers/${customerId}/machines?itemsPerPage=1`)).json()) as {
    data: { id: number }[];
  };
  const machineId = machines.data[0]!.id;
  await api.dispose();

  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/customers/${customerId}/machines/${machineId}/edit`);
  const posts = countRequests(page, /\/images$/);
  const input = page.getByLabel('Afbeelding kiezen', { exact: true });
  await expect(page.getByRole('button', { name: 'Afbeelding toevoegen' })).toBeVisible();

  await input.setInputFiles(textAsJpeg);
  await expect(tile(page, textAsJpeg.name).getByRole('alert')).toHaveText(NOT_AN_IMAGE);
  expect(posts.count).toBe(0);

  await input.setInputFiles(pngClaiming(10_000, 10_000));
  await expect(tile(page, 'enorm.png').getByRole('alert')).toHaveText(TOO_MANY_PIXELS);
  expect(posts.count).toBe(1);

  const before = await page.getByRole('button', { name: / vergroten$/ }).count();
  await input.setInputFiles(photo('machine.png'));
  await expectNotification(page, 'Afbeelding is toegevoegd');
  await expect(page.getByRole('button', { name: / vergroten$/ })).toHaveCount(before + 1);
  await expect(tile(page, 'machine.png')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: / vergroten$/ })).toHaveCount(before + 1);
});
