import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs } from '../support/login';
import { openMasterData, rowsWith, searchList } from './helpers';

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await openMasterData(page, 'Vragenlijsten', '/admin/questionnaires');
});

test('duplicating a questionnaire makes a Concept copy with everything in it', async ({ page }) => {
  // An active demo questionnaire with content.
  const source = 'Onderhoud schroefcompressor';
  await searchList(page, 'Zoeken op naam', source);
  const row = rowsWith(page, source).filter({ hasNotText: 'Kopie van' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Actief');
  const counts = (await row.getByRole('cell', { name: / in \d+ cat\.$/ }).textContent()) ?? '';
  expect(counts).toMatch(/^\d+ in \d+ cat\.$/);

  await row.getByRole('button', { name: 'Dupliceren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vragenlijst dupliceren' });
  await expect(dialog).toContainText(`Er wordt een kopie van "${source}" gemaakt`);
  await dialog.getByRole('button', { name: 'Dupliceren' }).click();
  await expect(dialog).toBeHidden();
  await expectNotification(page, 'Vragenlijst is gedupliceerd');

  // The copy opens in its form: "Kopie van ..." (numbered when that name is taken), Concept.
  await expect(page).toHaveURL(/\/admin\/questionnaires\/\d+\/edit$/);
  const copyUrl = page.url().replace(/\/edit$/, '');
  const name = page.getByRole('textbox', { name: 'Naam', exact: true });
  await expect(name).toHaveValue(new RegExp(`^Kopie van ${source}( \\(\\d+\\))?$`));
  const copy = await name.inputValue();
  await expect(page.getByRole('heading', { level: 1, name: `${copy} wijzigen` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Concept');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Onderhoud');

  // In the list: Concept, the same number of questions and categories; the original is unchanged.
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL('/admin/questionnaires');
  await expect(page.getByRole('heading', { level: 1, name: 'Vragenlijsten' })).toBeVisible();
  await searchList(page, 'Zoeken op naam', copy);
  const copyRow = page
    .getByRole('table')
    .getByRole('row')
    .filter({
      has: page.getByRole('cell', { name: copy, exact: true }),
    });
  await expect(copyRow).toHaveCount(1);
  await expect(copyRow).toContainText('Concept');
  await expect(copyRow.getByRole('cell', { name: counts, exact: true })).toBeVisible();
  await searchList(page, 'Zoeken op naam', source);
  await expect(row).toContainText('Actief');

  // Its content: the preview has the same categories.
  await page.goto(`${copyUrl}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: `Voorbeeld: ${copy}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Persluchtsysteem' })).toBeVisible();
  await expect(page.getByRole('region')).toHaveCount(Number(counts.match(/in (\d+) cat/)![1]));
});

test('the Type filter shows only questionnaires of that type and is kept in the URL', async ({ page }) => {
  const table = page.getByRole('table', { name: 'Vragenlijsten' });
  const rows = table.getByRole('row');
  // The demo has one of each type, and a concept.
  await expect(rows.filter({ hasText: 'Veiligheid' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Keuring' }).first()).toBeVisible();

  const type = page.getByRole('combobox', { name: 'Type' });
  await type.click();
  await page.getByRole('option', { name: 'Onderhoud', exact: true }).click();
  await expect(type).toHaveText('Onderhoud');
  await expect(page).toHaveURL(/inspection_type=maintenance/);

  // Only Onderhoud left (not Keuring/onderhoud, a type of its own).
  const typeCells = table.getByRole('row').locator('td:nth-child(2)');
  await expect(rows.filter({ hasText: 'Onderhoud schroefcompressor' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'NEN 3140' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Keuring en onderhoud werkplaatsmachine' })).toHaveCount(0);
  await expect.poll(async () => [...new Set(await typeCells.allTextContents())]).toEqual(['Onderhoud']);

  // Combined with Status; and kept after a reload.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.click();
  await page.getByRole('option', { name: 'Actief', exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  await page.reload();
  await expect(type).toHaveText('Onderhoud');
  await expect(status).toHaveText('Actief');
  await expect(rows.filter({ hasText: 'Onderhoud schroefcompressor' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Concept' })).toHaveCount(0);

  // "Alle" clears the filter.
  await type.click();
  await page.getByRole('option', { name: 'Alle', exact: true }).click();
  await expect(page).not.toHaveURL(/inspection_type=/);
  await expect(rows.filter({ hasText: 'NEN 3140' })).toHaveCount(1);
});

/* Adding or removing a questionnaire's categories shows in the preview right away. */
test('the preview follows a category removed just before', async ({ page }) => {
  // A copy of its own, to change freely.
  const source = 'Veiligheidsronde hoogwerker (concept)';
  await searchList(page, 'Zoeken op naam', 'Veiligheidsronde');
  await rowsWith(page, source).filter({ hasNotText: 'Kopie van' }).getByRole('button', { name: 'Dupliceren' }).click();
  await page
    .getByRole('dialog', { name: 'Vragenlijst dupliceren' })
    .getByRole('button', { name: 'Dupliceren' })
    .click();
  await expect(page).toHaveURL(/\/admin\/questionnaires\/\d+\/edit$/);
  await page.goto(page.url().replace(/\/edit$/, '/preview'));
  const categories = page.getByRole('region');
  await expect(categories).toHaveCount(3);

  await page.getByRole('link', { name: 'Categorieën en vragen wijzigen' }).click();
  const items = page.getByRole('list', { name: /^Categorieën van / }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await items.first().getByRole('button', { name: 'Verwijderen' }).click();
  await page
    .getByRole('dialog', { name: 'Categorie verwijderen' })
    .getByRole('button', { name: 'Verwijderen' })
    .click();
  await expectNotification(page, 'Categorie is verwijderd');
  await expect(items).toHaveCount(2);

  await page.getByRole('link', { name: 'Voorbeeld' }).click();
  await expect(categories).toHaveCount(2, { timeout: 3_000 });
});
