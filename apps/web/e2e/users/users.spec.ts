import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';

/** The rows of the users table that mention `text`. */
const rowsWith = (page: Page, text: string) => page.getByRole('table').getByRole('row').filter({ hasText: text });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Zoeken op naam of e-mail' }).fill(text);
  // The search is debounced and kept in the URL.
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

test('admin creates, finds, edits, archives and restores a user, then logs out', async ({ page }) => {
  const id = unique('');
  const email = `e2e.${id}@example.com`;
  const firstName = `Anna${id}`;
  const lastName = `Jansen${id}`;
  const newLastName = `Pietersen${id}`;

  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/');

  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Gebruikers', exact: true })
    .click();
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('heading', { name: 'Gebruikers', exact: true })).toBeVisible();

  // Create.
  await page.getByRole('link', { name: 'Nieuwe gebruiker' }).click();
  await expect(page).toHaveURL('/admin/users/create');
  await page.getByRole('textbox', { name: 'Voornaam', exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: 'Tussenvoegsel', exact: true }).fill('van');
  await page.getByRole('textbox', { name: 'Achternaam', exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Beheerder' }).click();
  await expect(page.getByRole('combobox', { name: 'Rol' })).toHaveText('Beheerder');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/users');
  await expectNotification(page, 'Gebruiker is aangemaakt');

  // Find it by search (e-mail).
  await search(page, email);
  const row = rowsWith(page, firstName);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`van ${lastName}`);
  await expect(row).toContainText('Beheerder');
  await expect(row).toContainText('Uitgenodigd');

  // Edit: change the last name.
  await row.getByRole('link', { name: 'Wijzigen' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit$/);
  const lastNameField = page.getByRole('textbox', { name: 'Achternaam', exact: true });
  await expect(lastNameField).toHaveValue(lastName);
  await expect(page.getByRole('textbox', { name: 'Tussenvoegsel', exact: true })).toHaveValue('van');
  await lastNameField.fill(newLastName);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/admin\/users(\?|$)/);
  await expectNotification(page, 'Gebruiker is gewijzigd');

  // Displayed last name = preposition + last name.
  await search(page, firstName);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: `van ${newLastName}`, exact: true })).toBeVisible();
  await expect(row).not.toContainText(lastName);

  // Archive, confirmed.
  await row.getByRole('button', { name: 'Archiveren' }).click();
  const archiveDialog = page.getByRole('dialog', { name: 'Gebruiker archiveren' });
  await expect(archiveDialog).toContainText(`${firstName} van ${newLastName}`);
  await archiveDialog.getByRole('button', { name: 'Archiveren' }).click();
  await expect(archiveDialog).toBeHidden();
  await expectNotification(page, 'Gebruiker is gearchiveerd');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Geen overeenkomende resultaten gevonden' })).toBeVisible();

  // It is in the archived list.
  // The switch is controlled by the URL, so its state follows the click a moment later:
  // click and wait instead of check(), which wants the state to change during the click.
  const archivedSwitch = page.getByRole('switch', { name: 'Gearchiveerd' });
  await archivedSwitch.click();
  await expect(archivedSwitch).toBeChecked();
  await expect(page).toHaveURL(/archived=1/);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Gearchiveerd');
  await expect(row.getByRole('link', { name: 'Wijzigen' })).toHaveCount(0);

  // Restore, confirmed.
  await row.getByRole('button', { name: 'Herstellen' }).click();
  const restoreDialog = page.getByRole('dialog', { name: 'Gebruiker herstellen' });
  await restoreDialog.getByRole('button', { name: 'Herstellen' }).click();
  await expect(restoreDialog).toBeHidden();
  await expectNotification(page, 'Gebruiker is hersteld');
  await expect(row).toHaveCount(0);
  await archivedSwitch.click();
  await expect(archivedSwitch).not.toBeChecked();
  await expect(page).not.toHaveURL(/archived=1/);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Uitgenodigd');

  // Log out: back on the login page, and the admin screens are closed.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
});

test('admin creates a customer user for a chosen customer', async ({ page }) => {
  const id = unique('');
  const firstName = `Klaas${id}`;
  const lastName = `Klant${id}`;

  await loginAs(page, ACCOUNTS.admin);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klantgebruikers' }).click();
  await expect(page).toHaveURL('/admin/customer-users');
  await expect(page.getByRole('heading', { name: 'Klantgebruikers' })).toBeVisible();

  await page.getByRole('link', { name: 'Nieuwe klantgebruiker' }).click();
  await expect(page).toHaveURL('/admin/customer-users/create');
  await expect(page.getByRole('combobox', { name: 'Rol' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Voornaam', exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: 'Achternaam', exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`e2e.klant.${id}@example.com`);

  const customer = page.getByRole('combobox', { name: 'Klant' });
  await customer.fill('Eik');
  await page.getByRole('option', { name: 'Houtindustrie De Eik (K-1002)' }).click();
  await expect(customer).toHaveValue('Houtindustrie De Eik (K-1002)');

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/customer-users');
  await expectNotification(page, 'Gebruiker is aangemaakt');

  await search(page, firstName);
  const row = rowsWith(page, firstName);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(lastName);
  await expect(row.getByRole('cell', { name: 'Houtindustrie De Eik', exact: true })).toBeVisible();

  // A customer user is not an employee: the Gebruikers list does not show it.
  await page.goto(`/admin/users?search=${firstName}`);
  await expect(page.getByRole('cell', { name: 'Geen overeenkomende resultaten gevonden' })).toBeVisible();
});
