import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { checkScreen, eachLook } from '../support/looks';
import { chooseFromBank, chooseOption, createCategory, createQuestionnaire, rowsWith, searchList } from './helpers';

/*
 * Every answer option of a question has a judgement (Goed / Opmerking / Afkeur /
 * n.v.t.), and a question can be a measurement with a unit and a minimum and/or maximum typed
 * with a Dutch comma.
 */

const option = (page: Page, i: number) => page.getByRole('textbox', { name: `Antwoordoptie ${i}`, exact: true });
const judgement = (page: Page, i: number) => page.getByRole('combobox', { name: `Oordeel ${i}` });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Opslaan' }).click();

/** Saves the form and waits for the list with the notification. */
async function saveAndBack(page: Page, notification: string) {
  await save(page);
  await expect(page).toHaveURL('/admin/questions');
  await expectNotification(page, notification);
  await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
}

/** Finds the question in the list and opens its form. */
async function openQuestion(page: Page, name: string) {
  await searchList(page, 'Zoeken op vraag', name);
  const row = rowsWith(page, name);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vraag wijzigen' })).toBeVisible();
  await expect(field(page, 'Vraag')).toHaveValue(name);
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/questions/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe vraag' })).toBeVisible();
});

test('a choice question keeps a judgement per answer option through save, reload and edit', async ({ page }) => {
  const name = unique('Is de kabel heel? ');
  await field(page, 'Vraag').fill(name);
  // The default options come with the judgements their labels suggest.
  await expect(judgement(page, 1)).toHaveText('Goed');
  await expect(judgement(page, 2)).toHaveText('Opmerking');
  await expect(judgement(page, 3)).toHaveText('Afkeur');
  await expect(judgement(page, 4)).toHaveText('n.v.t.');
  // A new label takes its own suggestion until a judgement is chosen by hand.
  await option(page, 1).fill('Heel');
  await expect(judgement(page, 1)).toHaveText('Opmerking');
  await chooseOption(page, 'Oordeel 1', 'Goed');
  await option(page, 1).fill('Heel en schoon');
  await expect(judgement(page, 1)).toHaveText('Goed');
  await option(page, 2).fill('Beschadigd');
  await chooseOption(page, 'Oordeel 2', 'Afkeur');
  await option(page, 3).fill('Niet aanwezig');
  await chooseOption(page, 'Oordeel 3', 'n.v.t.');
  await option(page, 4).fill('');
  await saveAndBack(page, 'Vraag is aangemaakt');

  await searchList(page, 'Zoeken op vraag', name);
  await expect(rowsWith(page, name)).toContainText('Antwoordopties');
  await openQuestion(page, name);
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await expect(option(page, 1)).toHaveValue('Heel en schoon');
    await expect(judgement(page, 1)).toHaveText('Goed');
    await expect(option(page, 2)).toHaveValue('Beschadigd');
    await expect(judgement(page, 2)).toHaveText('Afkeur');
    await expect(option(page, 3)).toHaveValue('Niet aanwezig');
    await expect(judgement(page, 3)).toHaveText('n.v.t.');
    await expect(option(page, 4)).toHaveValue('');
  }

  // Edit: a chosen judgement stays when its label changes; save again and read back.
  await option(page, 2).fill('Licht beschadigd');
  await expect(judgement(page, 2)).toHaveText('Afkeur');
  await chooseOption(page, 'Oordeel 2', 'Opmerking');
  await saveAndBack(page, 'Vraag is gewijzigd');
  await openQuestion(page, name);
  await page.reload();
  await expect(option(page, 2)).toHaveValue('Licht beschadigd');
  await expect(judgement(page, 2)).toHaveText('Opmerking');
  await expect(judgement(page, 1)).toHaveText('Goed');
});

test('a measurement "Isolatieweerstand" min 1,0 MOhm: refused input in Dutch, save, reload, edit', async ({ page }) => {
  const name = unique('Isolatieweerstand ');
  await field(page, 'Vraag').fill(name);
  await page.getByRole('radio', { name: 'Meting' }).check();
  await expect(option(page, 1)).toHaveCount(0);

  // Nothing filled in: a unit and a limit are asked for.
  await save(page);
  await expect(page.getByText('Vul een eenheid in')).toBeVisible();
  await expect(page.getByText('Vul een minimum en/of een maximum in')).toBeVisible();
  await expect(page).toHaveURL('/admin/questions/create');
  // A minimum above the maximum, and a value that is no number.
  await field(page, 'Eenheid').fill('MOhm');
  await field(page, 'Minimum').fill('2');
  await field(page, 'Maximum').fill('1,5');
  await expect(page.getByText('Het minimum moet kleiner zijn dan of gelijk aan het maximum')).toBeVisible();
  await field(page, 'Maximum').fill('veel');
  await expect(page.getByText('Vul een getal in, bijvoorbeeld 0,30')).toBeVisible();
  await save(page);
  await expect(page).toHaveURL('/admin/questions/create');

  await field(page, 'Minimum').fill('1,0');
  await field(page, 'Maximum').fill('');
  await expect(field(page, 'Minimum')).toHaveAttribute('inputmode', 'decimal');
  await saveAndBack(page, 'Vraag is aangemaakt');

  await searchList(page, 'Zoeken op vraag', name);
  await expect(rowsWith(page, name)).toContainText('Meting: min. 1,0 MOhm');
  await openQuestion(page, name);
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await expect(page.getByRole('radio', { name: 'Meting' })).toBeChecked();
    await expect(field(page, 'Eenheid')).toHaveValue('MOhm');
    await expect(field(page, 'Minimum')).toHaveValue('1,0');
    await expect(field(page, 'Maximum')).toHaveValue('');
  }

  await field(page, 'Maximum').fill('500,5');
  await saveAndBack(page, 'Vraag is gewijzigd');
  await searchList(page, 'Zoeken op vraag', name);
  await expect(rowsWith(page, name)).toContainText('Meting: 1,0 – 500,5 MOhm');
  await openQuestion(page, name);
  await page.reload();
  await expect(field(page, 'Minimum')).toHaveValue('1,0');
  await expect(field(page, 'Maximum')).toHaveValue('500,5');
});

test('the question form in four looks (options and measurement)', async ({ page }) => {
  await field(page, 'Vraag').fill('Is de beschermleiding doorgaand?');
  await eachLook(page, (look) => checkScreen(page, `question-form-choice-${look}`));
  await page.getByRole('radio', { name: 'Meting' }).check();
  await field(page, 'Eenheid').fill('Ohm');
  await field(page, 'Maximum').fill('0,30');
  await eachLook(page, (look) => checkScreen(page, `question-form-measurement-${look}`));
});

test('the list and the questionnaire preview show judgements and limits', async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique('');
  const choice = `Kabel ${id}`;
  const measured = `Isolatieweerstand ${id}`;
  const category = `Elektrisch ${id}`;
  const questionnaire = `Keuring ${id}`;

  await field(page, 'Vraag').fill(choice);
  await option(page, 1).fill('Heel');
  await chooseOption(page, 'Oordeel 1', 'Goed');
  await option(page, 2).fill('Beschadigd');
  await chooseOption(page, 'Oordeel 2', 'Afkeur');
  await option(page, 3).fill('');
  await option(page, 4).fill('');
  await saveAndBack(page, 'Vraag is aangemaakt');
  await page.getByRole('link', { name: 'Nieuwe vraag' }).click();
  await field(page, 'Vraag').fill(measured);
  await page.getByRole('radio', { name: 'Meting' }).check();
  await field(page, 'Eenheid').fill('MOhm');
  await field(page, 'Minimum').fill('1,0');
  await saveAndBack(page, 'Vraag is aangemaakt');

  await searchList(page, 'Zoeken op vraag', id);
  await expect(rowsWith(page, choice)).toContainText('Heel / Beschadigd');
  await expect(rowsWith(page, choice).getByRole('img', { name: 'Oordeel: Afkeur' })).toBeVisible();
  await expect(rowsWith(page, measured)).toContainText('Meting: min. 1,0 MOhm');
  await eachLook(page, (look) => checkScreen(page, `questions-list-${look}`));

  await createCategory(page, category);
  await createQuestionnaire(page, questionnaire, 'Veiligheid');
  await searchList(page, 'Zoeken op naam', questionnaire);
  await rowsWith(page, questionnaire).getByRole('link', { name: 'Categorieën en vragen' }).click();
  await expect(page).toHaveURL(/\/admin\/questionnaires\/\d+\/categories$/);
  const questionnaireUrl = page.url().replace(/\/categories$/, '');
  await page.getByRole('link', { name: 'Categorie toevoegen' }).click();
  await chooseFromBank(page, 'Categorie', category);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, 'Categorie is toegevoegd');
  await page.getByRole('link', { name: `Vragen van ${category}` }).click();
  for (const question of [choice, measured]) {
    await page.getByRole('link', { name: 'Vraag toevoegen' }).click();
    await chooseFromBank(page, 'Vraag', question);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await expectNotification(page, 'Vraag is toegevoegd');
  }
  await expect(page.getByRole('list', { name: `Vragen in ${category}` })).toContainText('Meting: min. 1,0 MOhm');

  await page.goto(`${questionnaireUrl}/preview`);
  const section = page.getByRole('region', { name: category });
  const options = section.getByRole('radiogroup', { name: `1.1 ${choice}` });
  await expect(options.getByRole('radio')).toHaveCount(2);
  await expect(options.getByRole('radio', { name: 'Heel Oordeel: Goed' })).toBeVisible();
  await expect(options.getByRole('radio', { name: 'Beschadigd Oordeel: Afkeur' })).toBeVisible();
  await expect(section.getByText(`1.2 ${measured}`)).toBeVisible();
  const value = section.getByRole('textbox', { name: 'Waarde' });
  await expect(value).toHaveAttribute('inputmode', 'decimal');
  await expect(section).toContainText('Grenswaarde: min. 1,0 MOhm');
  await eachLook(page, (look) => checkScreen(page, `questionnaire-preview-judgements-${look}`));
});
