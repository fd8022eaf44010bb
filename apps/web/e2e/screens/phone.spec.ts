import { expect, test, type Locator } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { heading } from '../customers/helpers';

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
