import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/users/create');
  await expect(page).toHaveURL('/admin/users/create');
});

test('the empty user form marks the required fields, a bad e-mail is refused', async ({ page }) => {
  const firstName = page.getByRole('textbox', { name: 'Voornaam', exact: true });
  const preposition = page.getByRole('textbox', { name: 'Tussenvoegsel', exact: true });
  const lastName = page.getByRole('textbox', { name: 'Achternaam', exact: true });
  const email = page.getByRole('textbox', { name: 'E-mail', exact: true });

  await page.getByRole('button', { name: 'Opslaan' }).click();
  for (const field of [firstName, lastName, email]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Verplicht');
  }
  await expect(preposition).toHaveAttribute('aria-invalid', 'false');
  await expect(page).toHaveURL('/admin/users/create');

  await email.fill('geen-e-mailadres');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(email).toHaveAccessibleDescription('Ongeldig e-mailadres');
  await expect(page).toHaveURL('/admin/users/create');

  // Fixing a field clears its message.
  await firstName.fill('Test');
  await expect(firstName).toHaveAttribute('aria-invalid', 'false');
  await expect(firstName).not.toHaveAccessibleDescription('Verplicht');
});

test('an e-mail address that is already in use shows the server message on the field', async ({ page }) => {
  await page.getByRole('textbox', { name: 'Voornaam', exact: true }).fill(unique('Dubbel'));
  await page.getByRole('textbox', { name: 'Achternaam', exact: true }).fill('Test');
  const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
  await email.fill(ACCOUNTS.admin);
  await page.getByRole('button', { name: 'Opslaan' }).click();

  await expect(email).toHaveAccessibleDescription('Dit e-mailadres is al in gebruik');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL('/admin/users/create');
});
