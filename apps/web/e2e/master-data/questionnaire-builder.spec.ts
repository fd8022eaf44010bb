import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import {
  chooseFromBank,
  createCategory,
  createQuestion,
  createQuestionnaire,
  openMasterData,
  rowsWith,
  searchList,
} from './helpers';

/** Runs `move` and waits until the new order is saved (the list shows it before the answer). */
async function saved(page: Page, move: () => Promise<void>) {
  const reorder = page.waitForResponse((r) => r.url().endsWith('/reorder') && r.request().method() !== 'GET' && r.ok());
  await move();
  await reorder;
}

/** The names shown in an ordered list, first to last. */
const expectOrder = (items: Locator, names: string[]) =>
  expect(items).toHaveText(names.map((n) => new RegExp(`^${n}`)));

test('admin builds a questionnaire from scratch: questions, category, order, preview', async ({ page }) => {
  // A long journey through many screens: on a busy shared machine it needs more than 60 s.
  test.setTimeout(120_000);
  const id = unique('');
  const first = `Kabel intact ${id}`;
  const second = `Noodstop getest ${id}`;
  const category = `Controle ${id}`;
  const questionnaire = `Veiligheidscheck ${id}`;

  await loginAs(page, ACCOUNTS.admin);
  await openMasterData(page, 'Vragen', '/admin/questions');

  // The question bank: one with its own options, one with the default four.
  await createQuestion(page, first, ['Ja', 'Nee']);
  await createQuestion(page, second);
  await searchList(page, 'Zoeken op vraag', id);
  await expect(rowsWith(page, first)).toContainText('Ja / Nee');
  await expect(rowsWith(page, second)).toContainText('Goed / Matig / Slecht / n.v.t.');

  await createCategory(page, category);
  await createQuestionnaire(page, questionnaire, 'Veiligheid');

  // New questionnaires start as Concept.
  await searchList(page, 'Zoeken op naam', questionnaire);
  const row = rowsWith(page, questionnaire);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Veiligheid');
  await expect(row).toContainText('Concept');
  await expect(row).toContainText('0 in 0 cat.');

  // Add the category.
  await row.getByRole('link', { name: 'Categorieën en vragen' }).click();
  await expect(page).toHaveURL(/\/admin\/questionnaires\/\d+\/categories$/);
  const questionnaireUrl = page.url().replace(/\/categories$/, '');
  await expect(page.getByRole('heading', { level: 1, name: `Categorieën van ${questionnaire}` })).toBeVisible();
  await expect(page.getByText('Nog geen categorieën')).toBeVisible();
  await page.getByRole('link', { name: 'Categorie toevoegen' }).click();
  await chooseFromBank(page, 'Categorie', category);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expectNotification(page, 'Categorie is toegevoegd');
  const categories = page.getByRole('list', { name: `Categorieën van ${questionnaire}` });
  await expect(categories.getByRole('listitem')).toHaveText([new RegExp(`^${category}0 vragen`)]);

  // Add both questions to it.
  await categories.getByRole('link', { name: `Vragen van ${category}` }).click();
  await expect(page).toHaveURL(/\/categories\/\d+\/questions$/);
  await expect(page.getByRole('heading', { level: 1, name: `Vragen in ${category}` })).toBeVisible();
  for (const question of [first, second]) {
    await page.getByRole('link', { name: 'Vraag toevoegen' }).click();
    await chooseFromBank(page, 'Vraag', question);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await expectNotification(page, 'Vraag is toegevoegd');
  }
  const questions = page.getByRole('list', { name: `Vragen in ${category}` }).getByRole('listitem');
  await expectOrder(questions, [first, second]);
  await expect(page.getByRole('button', { name: `Omhoog: ${first}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Omlaag: ${second}` })).toBeDisabled();

  // Reorder with the buttons ...
  await saved(page, () => page.getByRole('button', { name: `Omlaag: ${first}` }).click());
  await expectOrder(questions, [second, first]);
  await saved(page, () => page.getByRole('button', { name: `Omhoog: ${first}` }).click());
  await expectOrder(questions, [first, second]);

  // ... and with the keyboard on the drag handle: space picks up, arrow moves, space drops.
  const handle = page.getByRole('button', { name: `Verplaatsen: ${first}` });
  await saved(page, async () => {
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // The other row makes room: it slides up while the picked-up one moves down. dnd-kit measures
    // the rows in an effect after the pick-up, and an arrow pressed before that moves nothing (a
    // busy machine's test is that fast, a person is not): pressed again until the row moves. With
    // two rows a further arrow changes nothing.
    await expect(async () => {
      await page.keyboard.press('ArrowDown');
      await expect(questions.nth(1)).toHaveCSS('transform', /^matrix\(1, 0, 0, 1, 0, -\d/, { timeout: 1000 });
    }).toPass();
    await page.keyboard.press('Space');
  });
  await expect(page.getByRole('status').filter({ hasText: 'Neergezet.' })).toHaveCount(1);
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await expectOrder(questions, [second, first]);

  // The order is saved.
  await page.reload();
  await expectOrder(questions, [second, first]);

  // The category shows its question count.
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: questionnaire }).click();
  await expect(categories.getByRole('listitem')).toHaveText([new RegExp(`^${category}2 vragen`)]);

  // The preview: the category as a heading, the questions in the new order with their options.
  await page.getByRole('link', { name: 'Voorbeeld' }).click();
  await expect(page).toHaveURL(`${questionnaireUrl}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: `Voorbeeld: ${questionnaire}` })).toBeVisible();
  const section = page.getByRole('region', { name: category });
  await expect(section.getByRole('heading', { name: category })).toBeVisible();
  await expect(section.getByRole('radiogroup')).toHaveCount(2);
  await expect(section.getByText(/^1\.\d /)).toHaveText([`1.1 ${second}`, `1.2 ${first}`]);
  const secondOptions = section.getByRole('radiogroup', { name: `1.1 ${second}` }).getByRole('radio');
  const firstOptions = section.getByRole('radiogroup', { name: `1.2 ${first}` }).getByRole('radio');
  await expect(secondOptions).toHaveCount(4);
  for (const option of ['Goed', 'Matig', 'Slecht', 'n.v.t.']) {
    await expect(section.getByRole('radiogroup', { name: `1.1 ${second}` }).getByLabel(option)).toBeVisible();
  }
  await expect(firstOptions).toHaveCount(2);
  await expect(section.getByRole('radiogroup', { name: `1.2 ${first}` }).getByLabel('Ja')).toBeVisible();
  await expect(section.getByRole('radiogroup', { name: `1.2 ${first}` }).getByLabel('Nee')).toBeVisible();

  // The list counts what was added.
  await openMasterData(page, 'Vragenlijsten', '/admin/questionnaires');
  await searchList(page, 'Zoeken op naam', questionnaire);
  await expect(rowsWith(page, questionnaire)).toContainText('2 in 1 cat.');
});
