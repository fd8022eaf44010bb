import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, submitLogin, unique } from '../support/login';
import { PHONE, checkScreen } from '../support/looks';
import { mailContaining } from '../support/outbox';

/**
 * Accounts, on a phone (390 px): a self-registered user who gave their company and
 * customer number is suggested to the office with that customer first and linked in one click;
 * the user reads the "account ready" mail and logs in. The office then marks them "Beheerder van
 * de klant", and they invite a colleague, who gets the invitation mail.
 */
const PASSWORD = 'Kanovaart-Tulp-93!';

test.use({ viewport: PHONE });

test('a self-registered user with a customer number is suggested and linked in one click; as customer admin they invite a colleague', async ({
  browser,
}) => {
  const id = unique('');
  const email = `e2e.balie.${id}@example.com`.toLowerCase();
  const user = await browser.newContext({ viewport: PHONE });
  const page = await user.newPage();

  // Register with the company and the customer number of a demo customer (K-1002).
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Voornaam' }).fill('Fleur');
  await page.getByRole('textbox', { name: 'Achternaam' }).fill(`Hout${id}`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Bedrijfsnaam' }).fill('De Eik houtindustrie');
  await page.getByRole('textbox', { name: 'Klantnummer (als je dat weet)' }).fill('K-1002');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Herhaal wachtwoord' }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de voorwaarden' }).check();
  await checkScreen(page, 'desk-accounts-register-390');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
  const activation = await mailContaining(email, '/activate/');
  await page.goto(new URL(/https?:\/\/[^\s"]+\/activate\/[\w-]+/.exec(activation)![0]).pathname);
  await page.getByRole('button', { name: 'Account activeren' }).click();
  await expect(page.getByRole('heading', { name: 'Account geactiveerd' })).toBeVisible();

  // The office, on a phone too: the waiting account with its company and suggested customers.
  const office = await browser.newContext({ viewport: PHONE });
  const admin = await office.newPage();
  await loginAs(admin, ACCOUNTS.admin, '/admin/customer-users?without_customer=1');
  const card = admin.getByRole('listitem').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('De Eik houtindustrie');
  await expect(card).toContainText('Klantnummer K-1002');
  const suggestions = card.getByRole('list', { name: 'Voorstel' }).getByRole('listitem');
  // The customer number comes first, whatever else matches.
  await expect(suggestions.first()).toContainText('Klantnummer · K-1002');
  await checkScreen(admin, 'desk-accounts-waiting-390');
  await suggestions.first().getByRole('button', { name: 'Koppelen aan Houtindustrie De Eik' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Koppelen aan Houtindustrie De Eik' });
  await expect(confirm).toContainText('krijgt een e-mail dat het account klaar is');
  await confirm.getByRole('button', { name: 'Koppelen' }).click();
  await expectNotification(admin, 'Account is gekoppeld aan Houtindustrie De Eik');
  await expect(admin.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

  // The user reads the mail and logs in through its link: the customer's machines.
  const ready = await mailContaining(email, 'Je account is gekoppeld aan Houtindustrie De Eik');
  const login = /https?:\/\/[^\s"]+\/login/.exec(ready)![0];
  await page.goto(new URL(login).pathname);
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Mijn machines' })).toBeVisible();
  // Not an administrator (yet): no "Gebruikers" in the menu.
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(menu.getByRole('link', { name: 'Mijn storingen' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Gebruikers' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The office makes them "Beheerder van de klant" (found by e-mail among the customer users).
  await admin.goto('/admin/customer-users');
  await admin.getByRole('searchbox', { name: 'Zoeken op naam of e-mail' }).fill(email);
  await admin.getByRole('link', { name: `Fleur Hout${id}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Fleur Hout${id} wijzigen` })).toBeVisible();
  await admin.getByLabel('Beheerder van de klant').check();
  await admin.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(admin, 'Gebruiker is gewijzigd');
  await office.close();

  // A privilege change ends their session: they log in again and get "Gebruikers".
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Hout${id}` })).toHaveCount(1);
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Gebruikers' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await checkScreen(page, 'desk-accounts-own-users-390');

  // They invite a colleague, who gets the office's invitation mail.
  const colleague = `e2e.collega.${id}@example.com`.toLowerCase();
  await page.getByRole('link', { name: 'Collega uitnodigen' }).click();
  await page.getByRole('textbox', { name: 'Voornaam' }).fill('Joost');
  await page.getByRole('textbox', { name: 'Achternaam' }).fill(`Collega${id}`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(colleague);
  await checkScreen(page, 'desk-accounts-invite-390');
  await page.getByRole('button', { name: 'Uitnodigen' }).click();
  await expectNotification(page, 'Uitnodiging is verstuurd');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row').filter({ hasText: `Collega${id}` })).toContainText('Joost');
  const invitation = await mailContaining(colleague, '/activate/');
  expect(invitation).toContain('Er is een account voor je aangemaakt in Keurwijzer');
  await user.close();
});
