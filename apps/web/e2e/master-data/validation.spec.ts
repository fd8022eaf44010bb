import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';

test('an empty name is required, a duplicate brand name is refused on the field', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/brands/create');
  await expect(page).toHaveURL('/admin/brands/create');
  const name = page.getByRole('textbox', { name: 'Naam', exact: true });

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Verplicht');
  await expect(page).toHaveURL('/admin/brands/create');

  // Spaces only is empty too.
  await name.fill('   ');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(name).toHaveAccessibleDescription('Verplicht');

  // Case does not make a name different.
  await name.fill('makita');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(name).toHaveAccessibleDescription('Er bestaat al een merk met deze naam');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(page).toHaveURL('/admin/brands/create');
});

test('a question needs a text and at least one answer option', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/questions/create');
  await expect(page).toHaveURL('/admin/questions/create');
  const question = page.getByRole('textbox', { name: 'Vraag', exact: true });
  const options = [1, 2, 3, 4].map((i) => page.getByRole('textbox', { name: `Antwoordoptie ${i}`, exact: true }));
  // The four usual options are filled in for a new question.
  await expect(options[0]!).toHaveValue('Goed');
  await expect(options[3]!).toHaveValue('n.v.t.');

  for (const option of options) await option.fill('');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(question).toHaveAccessibleDescription('Verplicht');
  const optionsError = page.getByRole('alert').filter({ hasText: 'Vul minimaal één antwoordoptie in' });
  await expect(optionsError).toBeVisible();
  await expect(page).toHaveURL('/admin/questions/create');

  // One option is enough.
  await question.fill(unique('Vraag zonder opties '));
  await options[2]!.fill('Akkoord');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/questions');
});

test('a questionnaire needs a name and a type', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/questionnaires/create');
  await expect(page).toHaveURL('/admin/questionnaires/create');
  const name = page.getByRole('textbox', { name: 'Naam', exact: true });
  const type = page.getByRole('combobox', { name: 'Type' });
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Concept');

  // Enter in the name field submits (a mouse click first blurs the field: see the next test).
  await expect(name).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(name).toHaveAccessibleDescription('Verplicht');
  await expect(type).toHaveAttribute('aria-invalid', 'true');
  await expect(type).toHaveAccessibleDescription('Verplicht');
  await expect(page).toHaveURL('/admin/questionnaires/create');
});

/* Validation on save: the first click on Opslaan submits and marks every missing field. */
test('one click on Opslaan marks every missing field', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/questionnaires/create');
  const name = page.getByRole('textbox', { name: 'Naam', exact: true });
  const type = page.getByRole('combobox', { name: 'Type' });
  await expect(name).toBeFocused();

  // A person's click: the mouse button goes down, the page reacts, then it comes up.
  const box = (await page.getByRole('button', { name: 'Opslaan' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(name).not.toBeFocused();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.mouse.up();

  await expect(name).toHaveAccessibleDescription('Verplicht');
  await expect(type).toHaveAccessibleDescription('Verplicht', { timeout: 3_000 });
});
