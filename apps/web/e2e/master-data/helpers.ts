import { expect, type Page } from '@playwright/test';
import { expectNotification } from '../support/login';

/** The rows of the list table that mention `text`. */
export const rowsWith = (page: Page, text: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: text });

/**
 * Types in the list's search field and waits until the (debounced) search is in the URL. Wait for
 * the list's heading first after a navigation: the old screen stays until the new one is ready.
 */
export async function searchList(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  // Encoded as the app's URLSearchParams does it (a space becomes "+").
  const param = new URLSearchParams({ search: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`[?&]${param}(&|$)`));
}

/** Opens a screen of the drawer section "Stamgegevens". */
export async function openMasterData(page: Page, label: string, path: string) {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
}

/**
 * Creates a question in the bank through its form. `options` replaces the four default answer
 * options (Goed / Matig / Slecht / n.v.t.); fewer than four leaves the rest empty.
 */
export async function createQuestion(page: Page, name: string, options?: string[]) {
  await page.goto('/admin/questions/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe vraag' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Vraag', exact: true }).fill(name);
  if (options) {
    for (let i = 0; i < 4; i++) {
      await page.getByRole('textbox', { name: `Antwoordoptie ${i + 1}`, exact: true }).fill(options[i] ?? '');
    }
  }
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/questions');
  await expectNotification(page, 'Vraag is aangemaakt');
  await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
}

/** Creates a category in the category bank through its form. */
export async function createCategory(page: Page, name: string) {
  await page.goto('/admin/categories/create');
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/categories');
  await expectNotification(page, 'Categorie is aangemaakt');
  await expect(page.getByRole('heading', { level: 1, name: 'Categorieën' })).toBeVisible();
}

/** Creates a questionnaire; `type` and `status` are the Dutch labels of the selects. */
export async function createQuestionnaire(page: Page, name: string, type: string, status?: string) {
  await page.goto('/admin/questionnaires/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe vragenlijst' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await chooseOption(page, 'Type', type);
  if (status) await chooseOption(page, 'Status', status);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/questionnaires');
  await expectNotification(page, 'Vragenlijst is aangemaakt');
  await expect(page.getByRole('heading', { level: 1, name: 'Vragenlijsten' })).toBeVisible();
}

/** Picks `option` in the (MUI) select `label`. */
export async function chooseOption(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveText(option);
}

/** Chooses `name` in a searchable select (the category or question bank) by typing it. */
export async function chooseFromBank(page: Page, label: string, name: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(select).toHaveValue(name);
}
