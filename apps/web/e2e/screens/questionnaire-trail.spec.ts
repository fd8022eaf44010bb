import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { crumbs, heading } from '../customers/helpers';
import {
  chooseFromBank,
  createCategory,
  createQuestion,
  createQuestionnaire,
  rowsWith,
  searchList,
} from '../master-data/helpers';

test('every screen under a questionnaire has the questionnaire in its trail; adding from the banks says "toegevoegd"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique('');
  const questionnaire = `Lijst ${id}`;
  const category = `Categorie ${id}`;
  const question = `Is alles in orde ${id}?`;
  await loginAs(page, ACCOUNTS.admin);
  await createQuestion(page, question);
  await createCategory(page, category);
  await createQuestionnaire(page, questionnaire, 'Veiligheid');
  await searchList(page, 'Zoeken op naam', questionnaire);

  // The questionnaire's own screen.
  await rowsWith(page, questionnaire).getByRole('link', { name: 'Wijzigen', exact: true }).click();
  await expect(heading(page, `${questionnaire} wijzigen`)).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire]);
  await page.getByRole('button', { name: 'Annuleren' }).click();

  // Its categories, adding one from the category list (nothing is created: it is added).
  await searchList(page, 'Zoeken op naam', questionnaire);
  await rowsWith(page, questionnaire).getByRole('link', { name: 'Categorieën en vragen' }).click();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire]);
  await page.getByRole('link', { name: 'Categorie toevoegen' }).click();
  await expect(heading(page, 'Categorie toevoegen')).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire, 'Categorie toevoegen']);
  await chooseFromBank(page, 'Categorie', category);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expectNotification(page, 'Categorie is toegevoegd');

  const categories = page.getByRole('list', { name: `Categorieën van ${questionnaire}` });
  await categories.getByRole('link', { name: 'Wijzigen', exact: true }).click();
  await expect(heading(page, `Categorie ${category} wijzigen`)).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire, category]);
  await page.getByRole('button', { name: 'Annuleren' }).click();

  // The category's questions: questionnaire, then category, then the screen.
  await categories.getByRole('link', { name: `Vragen van ${category}` }).click();
  await expect(heading(page, `Vragen in ${category}`)).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire, category]);
  await page.getByRole('link', { name: 'Vraag toevoegen' }).click();
  await expect(heading(page, 'Vraag toevoegen')).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire, category, 'Vraag toevoegen']);
  await chooseFromBank(page, 'Vraag', question);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await expectNotification(page, 'Vraag is toegevoegd');

  await page
    .getByRole('list', { name: `Vragen in ${category}` })
    .getByRole('link', { name: 'Wijzigen', exact: true })
    .click();
  await expect(heading(page, 'Vraag wijzigen')).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Vragenlijsten', questionnaire, category, question]);

  // Each crumb leads to its screen.
  const trail = page.getByRole('navigation', { name: 'Kruimelpad' });
  await trail.getByRole('link', { name: category }).click();
  await expect(heading(page, `Vragen in ${category}`)).toBeVisible();
  await page.getByRole('link', { name: 'Vraag toevoegen' }).click();
  await trail.getByRole('link', { name: questionnaire }).click();
  await expect(heading(page, `Categorieën van ${questionnaire}`)).toBeVisible();
  await trail.getByRole('link', { name: 'Vragenlijsten' }).click();
  await expect(heading(page, 'Vragenlijsten')).toBeVisible();
});
