import { expect, test } from '@playwright/test';
import { DESKTOP, MALFUNCTION_TEXT, loginAsCustomer, malfunctionDialog } from './helpers';

/** "Storing melden" says so in a list row, and its remark counts like the report's memos. */
test('a row of Mijn machines says "Storing melden"; the dialog\'s remark is multiline with a 0/255 counter and says "je"', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await loginAsCustomer(page);
  const row = page.getByRole('table', { name: 'Mijn machines' }).getByRole('row').nth(1);
  const name = (await row.getByRole('link').first().innerText()).trim();

  // A visible word beside the triangle, and the machine in its accessible name.
  const action = row.getByRole('button', { name: `${MALFUNCTION_TEXT.report}: ${name}` });
  await expect(action).toBeVisible();
  await expect(action).toHaveAttribute('aria-label', `${MALFUNCTION_TEXT.report}: ${name}`);
  await expect(action).toHaveText(MALFUNCTION_TEXT.report);

  await action.click();
  const dialog = malfunctionDialog(page);
  await expect(dialog).toContainText(name);
  const remark = dialog.getByRole('textbox', { name: 'Opmerking' });
  // Multiline (a textarea, as the report's remarks) with its counter.
  expect(await remark.evaluate((el) => el.tagName)).toBe('TEXTAREA');
  await expect(dialog.getByText('0/255', { exact: true })).toBeVisible();
  await remark.fill('Sleutel bij de receptie');
  await expect(dialog.getByText('23/255', { exact: true })).toBeVisible();
  await remark.press('Enter');
  await remark.pressSequentially('Na 14:00 uur');
  await expect(remark).toHaveValue('Sleutel bij de receptie\nNa 14:00 uur');
  await expect(dialog.getByText('36/255', { exact: true })).toBeVisible();

  // One form of address: no "u" or "uw" in what the dialog says.
  expect(await dialog.innerText()).not.toMatch(/(?<![\p{L}\p{N}])(u|uw)(?![\p{L}\p{N}])/iu);
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
});
