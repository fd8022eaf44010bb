import { expect, test, type Page } from '@playwright/test';
import { expectNotification, loginForm, submitLogin } from '../support/login';
import { LOOKS } from '../support/looks';
import { STRONG, createActivatedUser, linkFromMail, mailsTo, shoot } from './helpers';

const SENT =
  'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.';

/** The new-password fields of the reset and change screens. */
const newPasswordForm = (page: Page) => ({
  password: page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }),
  repeat: page.getByRole('textbox', { name: 'Herhaal wachtwoord' }),
});

/** Opens the screen in each look (support/looks.ts LOOKS) and shoots it. */
async function shootEachLook(page: Page, name: string, open: () => Promise<void>) {
  for (const look of LOOKS) {
    await page.setViewportSize(look.size);
    await page.evaluate((mode) => localStorage.setItem('mui-mode', mode), look.theme);
    await open();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${look.theme}\\b`));
    await shoot(page, `${name}-${look.name}`);
  }
  await page.evaluate(() => localStorage.setItem('mui-mode', 'light'));
}

test('forgot password -> the e-mailed link -> a new password -> login with it', async ({ page, baseURL }) => {
  const email = await createActivatedUser(baseURL!);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Link versturen' });
  const emailField = page.getByRole('textbox', { name: 'E-mail' });

  // Validation in the form, with the shared schema.
  await send.click();
  await expect(emailField).toHaveAccessibleDescription('Verplicht');
  await emailField.fill('geen-adres');
  await expect(emailField).toHaveAccessibleDescription('Ongeldig e-mailadres');
  await emailField.fill(email);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
  await expect(page.getByText(SENT)).toBeVisible();

  const link = await linkFromMail(email, /http:\/\/[^\s]+\/reset-password\/[\w-]+/);
  const [mail] = (await mailsTo(email)).filter((m) => m.text.includes('/reset-password/'));
  expect(mail!.text).toContain('Deze link is 60 minuten geldig');
  expect(mail!.text).toContain('Heb je dit niet aangevraagd, dan kun je deze e-mail negeren');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  const form = newPasswordForm(page);
  const save = page.getByRole('button', { name: 'Wachtwoord opslaan' });
  await save.click();
  await expect(form.password).toHaveAccessibleDescription('Verplicht');
  // Meets the rule, but easy to guess: refused in the form (the lazy strength check).
  await form.password.fill('Password1!');
  await form.repeat.fill('Password2!');
  await save.click();
  await expect(form.repeat).toHaveAccessibleDescription('Wachtwoorden komen niet overeen');
  await form.repeat.fill('Password1!');
  await save.click();
  await expect(form.password).toHaveAccessibleDescription('Je wachtwoord is niet sterk genoeg');

  const fresh = 'Zeilboot-Regen-81!';
  await form.password.fill(fresh);
  await form.repeat.fill(fresh);
  await save.click();
  await expect(page.getByRole('heading', { name: 'Wachtwoord gewijzigd' })).toBeVisible();
  await shoot(page, 'reset-done');

  // The link works once.
  await page.goto(link);
  await form.password.fill('Ander-Wachtwoord-88!');
  await form.repeat.fill('Ander-Wachtwoord-88!');
  await save.click();
  await expect(page.getByRole('alert')).toContainText('Deze link is verlopen of al gebruikt. Vraag een nieuwe aan.');

  // The old password no longer logs in, the new one does.
  await page.goto('/login');
  await submitLogin(page, email, STRONG);
  await expect(page.getByRole('alert')).toHaveText('Ongeldige combinatie e-mail en wachtwoord');
  await loginForm(page).password.fill(fresh);
  await loginForm(page).submit.click();
  await expect(page).not.toHaveURL(/\/login/);
});

test('change the password from the profile; other sessions end, this one goes on', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await createActivatedUser(baseURL!, 'admin');
  // Another browser of the same user.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await submitLogin(otherPage, email, STRONG);
  await expect(otherPage).not.toHaveURL(/\/login/);

  // Without a session the screen sends to the login, which comes back.
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchange-password$/);
  await submitLogin(page, email, STRONG);
  await expect(page.getByRole('heading', { name: 'Wachtwoord wijzigen' })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  const current = page.getByRole('textbox', { name: 'Huidig wachtwoord' });
  const form = newPasswordForm(page);
  const submit = page.getByRole('button', { name: 'Wachtwoord wijzigen' });

  await submit.click();
  await expect(current).toHaveAccessibleDescription('Verplicht');
  const fresh = 'Kaasschaaf-Molen-52!';
  await current.fill('Niet-Mijn-Wachtwoord-1');
  await form.password.fill(fresh);
  await form.repeat.fill(fresh);
  await submit.click();
  await expect(current).toHaveAccessibleDescription('Het opgegeven wachtwoord is onjuist.');

  await current.fill(STRONG);
  await submit.click();
  await expectNotification(page, 'Wachtwoord is gewijzigd');
  await expect(page.getByRole('heading', { name: 'Wachtwoord gewijzigd' })).toBeVisible();
  await shoot(page, 'change-done');

  // This browser is still logged in (and can change things: its CSRF token was renewed).
  await page.getByRole('link', { name: 'Naar je profiel' }).click();
  await expect(page.getByRole('heading', { name: 'Profiel' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The other browser is not.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('screens at 390 and 1440 px, light and dark', async ({ page, baseURL }) => {
  // Seven screens in four looks each, with axe.
  test.setTimeout(240_000);
  const email = await createActivatedUser(baseURL!);
  await page.goto('/login');
  await shootEachLook(page, 'login', async () => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Wachtwoord vergeten?' })).toBeVisible();
  });
  await shootEachLook(page, 'forgot-password', async () => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Link versturen' })).toBeVisible();
  });
  await shootEachLook(page, 'check-email', async () => {
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`onbekend-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Link versturen' }).click();
    await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
  });
  await shootEachLook(page, 'reset-password', async () => {
    await page.goto(`/reset-password/${'x'.repeat(43)}`);
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(newPasswordForm(page).password).toHaveAccessibleDescription('Verplicht');
  });
  await shootEachLook(page, 'reset-link-used', async () => {
    await page.goto(`/reset-password/${'x'.repeat(43)}`);
    await newPasswordForm(page).password.fill('Zeilboot-Regen-81!');
    await newPasswordForm(page).repeat.fill('Zeilboot-Regen-81!');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  });

  await page.goto('/login');
  await submitLogin(page, email, STRONG);
  await expect(page).not.toHaveURL(/\/login/);
  await shootEachLook(page, 'change-password', async () => {
    await page.goto('/change-password');
    await expect(page.getByRole('textbox', { name: 'Huidig wachtwoord' })).toBeVisible();
  });
  await shootEachLook(page, 'profile', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Wachtwoord wijzigen' })).toBeVisible();
  });
});
