import { expect, test, type Locator } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { heading, openMachines, pick, rowsWith, searchList } from '../customers/helpers';

/** The outlined field around an input or select. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the machine filters take the whole width', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/admin/customers/1/machines');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    // The search field (its whole outline, not only the input beside the icon) spans the width.
    const search = (await fieldOf(page.getByRole('searchbox')).boundingBox())!;
    for (const label of ['Vestiging', 'Afdeling', 'Ruimte', 'Machinetype', 'Merk', 'Status']) {
      const box = (await fieldOf(page.getByRole('combobox', { name: label })).boundingBox())!;
      expect(Math.round(box.width), label).toBe(Math.round(search.width));
      expect(Math.round(box.x), label).toBe(Math.round(search.x));
    }
  });

  test('the customer screen shows its places, machines and users before the form', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/admin/customers/1/edit');
    await expect(heading(page, 'Metaalbewerking Brabant B.V. wijzigen')).toBeVisible();
    const overview = page.getByRole('region', { name: /^Vestigingen/ });
    const name = page.getByRole('textbox', { name: 'Naam', exact: true });
    await expect(overview).toBeVisible();
    await expect(name).toHaveValue('Metaalbewerking Brabant B.V.');
    // Within the first screen, above the form.
    const overviewBox = (await overview.boundingBox())!;
    expect(overviewBox.y).toBeLessThan((await name.boundingBox())!.y);
    expect(overviewBox.y).toBeLessThan(844);
  });

  test('edit forms do not focus their first field (that would open the keyboard)', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    for (const path of ['/admin/customers/1/edit', '/admin/brands/create', '/admin/questionnaires/1/edit']) {
      await page.goto(path);
      await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).not.toBeFocused();
    }
    await page.goto('/admin/questionnaires/1/categories/create');
    await expect(page.getByRole('combobox', { name: 'Categorie' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Categorie' })).not.toBeFocused();
  });
});

test('with a mouse, edit forms still focus their first field', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/customers/1/edit');
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toBeFocused();
  await page.goto('/admin/questionnaires/1/categories/create');
  await expect(page.getByRole('combobox', { name: 'Categorie' })).toBeFocused();
});

test('on a phone a long machine name is cut off, not pushing the row menu off the screen', async ({ page }) => {
  test.setTimeout(90_000);
  const id = unique('');
  const name = `Kolomboormachine Alzmetall AB 30/S met automatische voeding en koelmiddelpomp ${id}`;
  await loginAs(page, ACCOUNTS.admin);
  await openMachines(page, 1, 'Metaalbewerking Brabant B.V.');
  await page.getByRole('link', { name: 'Nieuwe machine' }).click();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Inventarisnummer', exact: true }).fill(`INV-${id}`);
  await pick(page, page, 'Vestiging', 'Eindhoven');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, 'Machine is aangemaakt');

  await page.setViewportSize({ width: 390, height: 844 });
  await searchList(page, 'Zoeken op naam, inventaris- of fabrieksnummer', id);
  const row = rowsWith(page, id);
  await expect(row).toHaveCount(1);
  const cell = row.getByRole('cell').first();
  await expect(cell).toHaveAttribute('title', name);
  // The whole row fits: the menu button stands on the screen and nothing scrolls sideways.
  const menu = (await row.getByRole('button', { name: 'Acties' }).boundingBox())!;
  expect(menu.x + menu.width).toBeLessThanOrEqual(390);
  const container = page.getByRole('table').locator('xpath=..');
  expect(await container.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
