import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { ApiSession } from '../reports/helpers';
import {
  DESKTOP,
  MALFUNCTION_TEXT,
  PHONE,
  PNG_10X10,
  PortalSession,
  expectNotificationBehindDialog,
  loginAsCustomer,
  machineWithReport,
  chooseUrgency,
  malfunctionDialog,
  openMyMalfunctions,
  photo,
  reportThroughDialog,
  type OwnMachineRow,
} from './helpers';

const SEARCH = 'Zoeken op naam, inventaris- of fabrieksnummer';

let machine: OwnMachineRow & { customer_id: number };

test.beforeAll(async ({ baseURL }) => {
  const customer = await PortalSession.login(baseURL!);
  machine = (await machineWithReport(customer, 'inspection')) as typeof machine;
  // Two photos of the machine, to enlarge on its screen (a retry's second run adds none).
  const { images } = await customer.get<{ images: unknown[] }>(`/api/machines/${machine.id}`);
  await customer.dispose();
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  for (const name of ['voor.png', 'achter.png'].slice(images.length)) {
    await admin.upload(`/api/customers/${machine.customer_id}/machines/${machine.id}/images`, 'image', {
      name,
      mimeType: 'image/png',
      buffer: PNG_10X10,
    });
  }
  await admin.dispose();
});

/** From "Mijn machines" to the machine: searched on its inventory number, then its row or card. */
async function openMachine(page: Page, phone: boolean) {
  await page.getByRole('searchbox', { name: SEARCH }).fill(machine.inventory_number);
  await expect(page).toHaveURL(new RegExp(`search=${machine.inventory_number}`));
  if (phone) {
    const card = page.getByRole('list', { name: 'Mijn machines' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(/Laatste rapporten: .*Keuring \d\d-\d\d-\d{4}/);
    await card.getByRole('link').click();
  } else {
    const row = page.getByRole('table', { name: 'Mijn machines' }).getByRole('row').nth(1);
    await expect(row).toContainText(machine.inventory_number);
    await expect(page.getByRole('columnheader', { name: 'Laatste rapporten' })).toBeVisible();
    await expect(row).toContainText(/Keuring \d\d-\d\d-\d{4}/);
    await row.getByRole('link', { name: machine.name }).click();
  }
  await expect(page).toHaveURL(`/machines/${machine.id}`);
  await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
}

/** The PDF behind a button, read back as text. */
async function pdfText(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await file.path());
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

for (const [label, size] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a customer opens a machine, downloads its latest inspection report and reports a malfunction with a photo (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await loginAsCustomer(page);
    await openMachine(page, label === 'phone');

    // The latest inspection report: its date links to the report, its PDF is the same PDF.
    const latest = page.getByRole('region', { name: 'Laatste rapporten' });
    const inspection = latest.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Keuring$/ }) });
    await expect(inspection.getByRole('link', { name: /^Rapport Keuring van / })).toBeVisible();
    const text = await pdfText(page, () => inspection.getByRole('button', { name: 'PDF downloaden' }).click());
    expect(text).toContain(machine.name);
    expect(text).toContain(machine.inventory_number);

    // Storing melden with a photo: the notification and the confirmation with the contact text.
    const description = unique('Machine maakt een hard tikkend geluid ');
    await page.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
    const done = await reportThroughDialog(page, {
      description,
      remark: 'Graag na 14:00 uur',
      photos: [photo()],
    });
    await expect(done).toContainText(machine.name);

    // On the machine screen it is listed as Open.
    await done.getByRole('button', { name: 'Sluiten' }).click();
    const malfunctions = page.getByRole('region', { name: 'Storingen' });
    const reported = malfunctions.getByRole('listitem').filter({ hasText: description });
    await expect(reported).toContainText('Open');
    await expect(reported).toContainText('Opmerking: Graag na 14:00 uur');
    // Its photo, as the server keeps it (the thumbnail loads).
    const thumb = reported.getByRole('button', { name: /^Foto 1 van 1 van de storing van / }).locator('img');
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // And in Mijn storingen, newest first.
    await openMyMalfunctions(page);
    const first =
      label === 'phone'
        ? page.getByRole('list', { name: MALFUNCTION_TEXT.mine }).getByRole('listitem').first()
        : page.getByRole('table', { name: MALFUNCTION_TEXT.mine }).getByRole('row').nth(1);
    await expect(first).toContainText(machine.name);
    await expect(first).toContainText(label === 'phone' ? description : description.slice(0, 20));
    await expect(first).toContainText('Open');

    // The list marks the machine.
    await page.goto(`/machines?search=${machine.inventory_number}`);
    await expect(page.getByText(MALFUNCTION_TEXT.openMalfunction).first()).toBeVisible();
  });
}

test('the report dialog refuses what is wrong and keeps everything typed when sending fails', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await loginAsCustomer(page);
  // From a row of the list.
  await page.getByRole('searchbox', { name: SEARCH }).fill(machine.inventory_number);
  const row = page.getByRole('table', { name: 'Mijn machines' }).getByRole('row').nth(1);
  await expect(row).toContainText(machine.inventory_number);
  await row.getByRole('button', { name: `${MALFUNCTION_TEXT.report}: ${machine.name}` }).click();
  const dialog = malfunctionDialog(page);
  await expect(dialog).toContainText(machine.inventory_number);

  // Required description and urgency (nothing chosen beforehand); a remark of at most 255.
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(dialog.getByText('Verplicht')).toHaveCount(2);
  const urgency = dialog.getByRole('radiogroup', { name: MALFUNCTION_TEXT.urgency });
  await expect(urgency.getByRole('radio', { checked: true })).toHaveCount(0);
  const description = dialog.getByRole('textbox', { name: 'Omschrijving' });
  const remark = dialog.getByRole('textbox', { name: 'Opmerking' });
  await description.fill('Band loopt scheef');
  await chooseUrgency(page, 'normal');
  await remark.fill('x'.repeat(256));
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(dialog.getByText('Maximaal 255 tekens')).toBeVisible();
  await remark.fill('Sleutel bij de receptie');
  // A tap beside the dialog does not throw away what was typed.
  await page.mouse.click(5, 450);
  await expect(dialog).toBeVisible();
  await expect(description).toHaveValue('Band loopt scheef');

  // At most 3 photos: a fourth is refused; one can be removed again.
  await dialog
    .getByLabel('Foto kiezen')
    .setInputFiles([photo('1.png'), photo('2.png'), photo('3.png'), photo('4.png')]);
  await expect(dialog.getByText(MALFUNCTION_TEXT.tooManyPhotos)).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^Foto \d/ })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Foto 3 verwijderen' }).click();
  await expect(dialog.getByRole('img', { name: /^Foto \d/ })).toHaveCount(2);

  // Throttled (429, here without the server's message): the Dutch text, the dialog stays open with everything in it.
  let sent = '';
  await page.route(`**/api/machines/${machine.id}/malfunctions`, async (route) => {
    sent = route.request().postDataBuffer()?.toString('latin1') ?? '';
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ errors: {} }),
    });
  });
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: MALFUNCTION_TEXT.throttled })).toBeVisible();
  // Multipart: the fields and each photo as a part `photos`.
  expect(sent).toContain('name="description"');
  expect(sent.match(/name="photos"; filename=/g)).toHaveLength(2);
  await expect(description).toHaveValue('Band loopt scheef');
  await expect(remark).toHaveValue('Sleutel bij de receptie');
  await expect(dialog.getByRole('img', { name: /^Foto \d/ })).toHaveCount(2);

  // A refusal of the server shows its message.
  await page.unroute(`**/api/machines/${machine.id}/malfunctions`);
  await page.route(`**/api/machines/${machine.id}/malfunctions`, (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'De gegevens zijn ongeldig', errors: { photos: ['Geen geldige afbeelding'] } }),
    }),
  );
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Geen geldige afbeelding' })).toBeVisible();
  await page.unroute(`**/api/machines/${machine.id}/malfunctions`);

  // Then it goes through.
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expectNotificationBehindDialog(page, MALFUNCTION_TEXT.reported);
  const done = page.getByRole('dialog', { name: MALFUNCTION_TEXT.reported });
  await expect(done).toContainText(MALFUNCTION_TEXT.contact);
  await done.getByRole('link', { name: 'Naar mijn storingen' }).click();
  await expect(page).toHaveURL('/malfunctions');
  await expect(page.getByRole('table', { name: MALFUNCTION_TEXT.mine }).getByRole('row').nth(1)).toContainText(
    'Band loopt scheef',
  );
});

test("a machine's reports: newest first, a type filter, a report read-only with its PDF", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await loginAsCustomer(page);
  await page.goto(`/machines/${machine.id}`);
  await page.getByRole('link', { name: 'Alle rapporten' }).click();
  await expect(page).toHaveURL(`/machines/${machine.id}/reports`);
  await expect(page.getByRole('heading', { level: 1, name: `Rapporten van ${machine.name}` })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rapporten' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // Newest first.
  const dates = (await rows.locator('td:first-child').allTextContents()).map((d) => d.split('-').reverse().join(''));
  expect(dates).toEqual([...dates].sort().reverse());

  // Only inspections.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Keuring', exact: true }).click();
  await expect(page).toHaveURL(/inspection_type=inspection/);
  await expect(rows.nth(1)).toBeVisible();
  for (const type of await rows.locator('td:nth-child(2)').allInnerTexts()) expect(type).toBe('Keuring');

  // A row opens the report read-only, with its PDF.
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/machines/${machine.id}/reports/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Rapport keuring van / })).toBeVisible();
  await expect(page.getByText('Ingediend op')).toBeVisible();
  const text = await pdfText(page, () => page.getByRole('button', { name: 'PDF downloaden' }).click());
  expect(text).toContain(machine.inventory_number);
  // The machine in the report links back to the customer's machine screen.
  await page.getByRole('link', { name: `${machine.name} (${machine.inventory_number})` }).click();
  await expect(page).toHaveURL(`/machines/${machine.id}`);
});

test("a machine's images enlarge in a dialog that the keyboard works", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAsCustomer(page);
  await page.goto(`/machines/${machine.id}`);
  const images = page.getByRole('region', { name: 'Afbeeldingen' });
  const thumbs = images.getByRole('button', { name: / vergroten$/ });
  await expect(thumbs.first()).toBeVisible();
  const n = await thumbs.count();
  expect(n).toBeGreaterThanOrEqual(2);
  await thumbs.first().click();
  const shown = (i: number) => page.getByRole('dialog', { name: `Afbeelding ${i} van ${n} van ${machine.name}` });
  await expect(shown(1).getByRole('img', { name: `Afbeelding 1 van ${n} van ${machine.name}` })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(shown(2)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(shown(n)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(thumbs.first()).toBeFocused();
});

test("an admin opening a customer's machine screen goes home; another customer gets not found", async ({ browser }) => {
  const admin = await browser.newPage();
  await loginAs(admin, ACCOUNTS.admin);
  const home = new URL(admin.url()).pathname;
  await admin.goto(`/machines/${machine.id}`);
  await expect(admin).toHaveURL(home);
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  await admin.close();

  const other = await browser.newPage();
  await loginAsCustomer(other, ACCOUNTS.otherCustomer);
  await other.goto(`/machines/${machine.id}`);
  await expect(other.getByRole('alert')).toBeVisible();
  await expect(other.getByRole('button', { name: MALFUNCTION_TEXT.report })).toHaveCount(0);
  await other.goto(`/machines/${machine.id}/reports`);
  await expect(other.getByRole('alert')).toBeVisible();
  await other.close();
});
