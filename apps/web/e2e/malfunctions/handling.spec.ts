import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { DESKTOP, PHONE, createMalfunction, loginAsCustomer, openMyMalfunctions } from '../portal/helpers';
import { expectOpenCount, handling, openCount, openFromList, timeline } from './helpers';

const UPDATED = 'Storing is gewijzigd';

/** Logs out through the account menu (the app bar's avatar). */
async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account van / }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login/);
}

for (const size of [DESKTOP, PHONE]) {
  test(`at ${size.width} px an admin handles a customer's malfunction to Opgelost, the open count follows and the customer sees the status`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const description = unique('E2E storing: de noodstop reageert niet ');
    const reported = await createMalfunction(baseURL!, description, { withPhoto: true });
    expect(reported.status).toBe('open');

    await loginAs(page, ACCOUNTS.admin);
    const before = await openCount(page);
    expect(before).toBeGreaterThanOrEqual(1);

    // The list, searched on the description, opens the malfunction.
    const id = await openFromList(page, description);
    expect(id).toBe(reported.id);
    await expect(page.getByRole('heading', { level: 1, name: /^Storing / })).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
    const section = handling(page);
    await expect(section.getByText('Open', { exact: true })).toBeVisible();
    await expect(timeline(page)).toHaveCount(1);
    await expect(timeline(page).first()).toContainText('Storing gemeld');

    // The photo: a thumbnail that opens large in a dialog.
    await page.getByRole('button', { name: 'Foto 1 vergroten' }).click();
    const photo = page.getByRole('dialog', { name: 'Foto 1 van 1' });
    await expect(photo.getByRole('img', { name: 'Foto 1' })).toBeVisible();
    await expect
      .poll(() => photo.getByRole('img', { name: 'Foto 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await photo.getByRole('button', { name: 'Sluiten' }).click();
    await expect(photo).toBeHidden();

    // Open -> In behandeling: still open, so the count stays.
    await expect(section.getByRole('button', { name: 'Heropenen' })).toHaveCount(0);
    await section.getByRole('button', { name: 'In behandeling nemen' }).click();
    await expectNotification(page, UPDATED);
    await expect(section.getByText('In behandeling', { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: 'In behandeling nemen' })).toHaveCount(0);
    await expect(timeline(page)).toHaveCount(2);
    await expect(timeline(page).nth(1)).toContainText('Status van Open naar In behandeling');
    await expect(timeline(page).nth(1)).toContainText('Dirk van der Berg');
    await expectOpenCount(page, before);

    // A note for the customer, typed but not saved, goes along with "Opgelost".
    const note = 'De noodstop is vervangen en getest.';
    await section.getByRole('textbox', { name: 'Notitie voor de klant' }).fill(note);
    await section.getByRole('button', { name: 'Opgelost' }).click();
    await expectNotification(page, UPDATED);
    await expect(section.getByText('Opgelost', { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Heropenen' })).toBeVisible();
    await expect(timeline(page)).toHaveCount(4);
    await expect(timeline(page).nth(2)).toContainText('Status van In behandeling naar Opgelost');
    await expect(timeline(page).nth(3)).toContainText(`Notitie voor de klant: ${note}`);
    await expect(section.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
    await expectOpenCount(page, before - 1);
    await page.reload();
    await expect(handling(page).getByRole('textbox', { name: 'Notitie voor de klant' })).toHaveValue(note);

    // The customer's "Mijn storingen" shows it Opgelost, with the note.
    await logout(page);
    await loginAsCustomer(page);
    await openMyMalfunctions(page);
    const mine = page
      .getByRole(size === PHONE ? 'listitem' : 'row')
      .filter({ hasText: description.slice(0, 30) })
      .first();
    await expect(mine).toContainText('Opgelost');
  });
}

test('a mechanic has no Storingen in the menu and never asks for the open count', async ({ page }) => {
  const counts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/malfunctions')) counts.push(r.url());
  });
  await loginAs(page, ACCOUNTS.mechanic);
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Storingen/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(counts).toEqual([]);
});
