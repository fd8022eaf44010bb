import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, submitLogin, unique } from '../support/login';
import { DESKTOP, checkScreen, eachLook } from '../support/looks';
import { mailsTo } from '../support/outbox';

/**
 * Self-registration end to end: register -> the activation link from the server's outbox (no
 * SMTP_URL: every mail is an .eml file in DATA_DIR/outbox), which activates only after a click on
 * "Account activeren" -> log in -> the waiting page; an admin
 * finds the account under "Zonder klant" and links it to a customer; the user then sees machines.
 */
const PASSWORD = 'Kanovaart-Tulp-93!';

/** The text of the newest mail to `to` in this server's outbox (e2e/support/outbox.ts). */
function lastMailTo(to: string): string {
  const mail = mailsTo(to).at(-1);
  if (mail === undefined) throw new Error(`no mail to ${to} yet`);
  return mail;
}

/** No sideways scrolling, no serious axe finding, then /tmp/shots/register-<name>.png (support/looks.ts). */
const shoot = (page: Page, name: string) => checkScreen(page, `register-${name}`);

function registerForm(page: Page) {
  return {
    firstName: page.getByRole('textbox', { name: 'Voornaam' }),
    preposition: page.getByRole('textbox', { name: 'Tussenvoegsel' }),
    lastName: page.getByRole('textbox', { name: 'Achternaam' }),
    email: page.getByRole('textbox', { name: 'E-mail' }),
    company: page.getByRole('textbox', { name: 'Bedrijfsnaam' }),
    customerNumber: page.getByRole('textbox', { name: 'Klantnummer (als je dat weet)' }),
    password: page.getByRole('textbox', { name: 'Wachtwoord', exact: true }),
    repeat: page.getByRole('textbox', { name: 'Herhaal wachtwoord' }),
    terms: page.getByRole('checkbox', { name: 'Ik ga akkoord met de voorwaarden' }),
    submit: page.getByRole('button', { name: 'Registreren' }),
  };
}

test('the register form shows the spec texts, and its terms link opens the terms page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Registreren' }).click();
  await expect(page).toHaveURL('/register');
  const form = registerForm(page);
  await eachLook(page, (suffix) => shoot(page, `form-${suffix}`));
  await page.setViewportSize(DESKTOP);

  await form.submit.click();
  await expect(form.firstName).toHaveAccessibleDescription('Verplicht');
  await expect(form.email).toHaveAccessibleDescription('Verplicht');
  await expect(page.getByText('Verplicht', { exact: true })).toHaveCount(7);

  await form.email.fill('geen-adres');
  await form.password.fill('kort');
  await form.repeat.fill('anders');
  await expect(form.email).toHaveAccessibleDescription('Ongeldig e-mailadres');
  await expect(form.password).toHaveAccessibleDescription('Je wachtwoord is niet sterk genoeg');
  await expect(form.terms).toHaveAccessibleDescription('Verplicht');
  // The repeat is compared once the fields themselves are valid.
  await form.email.fill('iemand@example.com');
  await form.password.fill(PASSWORD);
  await form.firstName.fill('Roos');
  await form.lastName.fill('Dijk');
  await form.company.fill('Dijk Techniek');
  await form.terms.check();
  await form.submit.click();
  await expect(form.repeat).toHaveAccessibleDescription('Wachtwoorden komen niet overeen');
  await shoot(page, 'errors-1440-light');

  const terms = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'voorwaarden' }).click();
  const termsPage = await terms;
  await expect(termsPage.getByRole('heading', { name: 'Voorwaarden', level: 1 })).toBeVisible();
  await termsPage.close();
});

test('register -> activation link from the outbox -> click -> login -> waiting page; an admin links the account, then machines', async ({
  browser,
}) => {
  const id = unique('');
  const email = `e2e.registratie.${id}@example.com`.toLowerCase();
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/register');
  const form = registerForm(page);
  await form.firstName.fill('Roos');
  await form.preposition.fill('van');
  await form.lastName.fill(`Dijk${id}`);
  await form.email.fill(email);
  await form.company.fill('Roos Dijk Installatietechniek');
  await form.password.fill(PASSWORD);
  await form.repeat.fill(PASSWORD);
  await form.terms.check();
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Controleer je e-mail.');
  await eachLook(page, (suffix) => shoot(page, `check-email-${suffix}`));

  // The link of the activation mail (written to the outbox after the answer).
  const mail = await expect
    .poll(() => {
      try {
        return lastMailTo(email);
      } catch {
        return '';
      }
    })
    .toContain('/activate/')
    .then(() => lastMailTo(email));
  const link = /https?:\/\/[^\s]+\/activate\/[\w-]+/.exec(mail)![0];
  await page.goto(new URL(link).pathname);
  // Opening the link activates nothing (a mail scanner may open it): the page asks for a click.
  await expect(page.getByRole('heading', { name: 'Account activeren' })).toBeVisible();
  const activate = page.getByRole('button', { name: 'Account activeren' });
  await expect(activate).toBeVisible();
  await expect(page.getByText('Klik op de knop hieronder om je account te activeren.')).toBeVisible();
  await eachLook(page, (suffix) => shoot(page, `activate-${suffix}`));
  await page.setViewportSize(DESKTOP);
  // Not active yet: the password does not log in (in a context of its own).
  const early = await browser.newContext();
  const earlyPage = await early.newPage();
  await earlyPage.goto('/login');
  await submitLogin(earlyPage, email, PASSWORD);
  await expect(earlyPage.getByRole('alert')).toHaveText('Ongeldige combinatie e-mail en wachtwoord');
  await expect(earlyPage).toHaveURL(/\/login/);
  await early.close();

  await activate.click();
  await expect(page.getByRole('heading', { name: 'Account geactiveerd' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Je account is geactiveerd. Je kunt nu inloggen.');
  // The password form of an invitation is not shown: the password was chosen at registration.
  await expect(page.getByRole('textbox', { name: 'Herhaal wachtwoord' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Naar inloggen' }).click();

  await expect(page).toHaveURL('/login');
  await submitLogin(page, email, PASSWORD);
  const waiting = page.getByText(
    'Je account is aangemaakt. Een beheerder koppelt je account aan je bedrijf; daarna zie je hier je machines.',
  );
  await expect(waiting).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mijn machines' })).toHaveCount(0);
  await eachLook(page, (suffix) => shoot(page, `waiting-${suffix}`));
  await page.setViewportSize(DESKTOP);

  // An admin finds the account under "Zonder klant" and links it to a customer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ACCOUNTS.admin);
  await admin.goto('/admin/customer-users');
  await admin.getByRole('combobox', { name: 'Klant' }).click();
  await admin.getByRole('option', { name: 'Zonder klant' }).click();
  await expect(admin).toHaveURL(/without_customer=1/);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  // The waiting list shows what the user said of their company.
  await expect(row.getByRole('cell', { name: 'Roos Dijk Installatietechniek' })).toBeVisible();
  await admin.setViewportSize(DESKTOP);
  await shoot(admin, 'admin-filter-1440-light');
  await row.getByRole('link', { name: `Roos van Dijk${id}` }).click();
  await expect(admin).toHaveURL(/\/admin\/customer-users\/\d+\/edit$/);
  // The list (with its own "Klant" filter) stays until the edit screen has loaded.
  await expect(admin.getByRole('heading', { level: 1, name: `Roos van Dijk${id} wijzigen` })).toBeVisible();
  const customer = admin.getByRole('combobox', { name: 'Klant' });
  await expect(customer).toHaveValue('');
  await customer.fill('Eik');
  await admin.getByRole('option', { name: 'Houtindustrie De Eik (K-1002)' }).click();
  await admin.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(admin, 'Gebruiker is gewijzigd');
  await admin.goto('/admin/customer-users?without_customer=1');
  await expect(admin.getByRole('combobox', { name: 'Klant' })).toHaveText('Zonder klant');
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();

  // The user now sees the customer's machines.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mijn machines' })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  // Loaded: the table is no longer busy (its first load shows placeholder rows).
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await context.close();
});
