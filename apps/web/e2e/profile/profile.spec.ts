import { expect, test, type Page } from '@playwright/test';
import { expectNotification, submitLogin } from '../support/login';
import { checkScreen } from '../support/looks';
import { png } from '../support/png';
import { DESKTOP, PHONE, STRONG, createActivatedUser } from '../account/helpers';

const fields = (page: Page) => ({
  first: page.getByRole('textbox', { name: 'Voornaam' }),
  preposition: page.getByRole('textbox', { name: 'Tussenvoegsel' }),
  last: page.getByRole('textbox', { name: 'Achternaam' }),
  save: page.getByRole('button', { name: 'Opslaan' }),
});

/** The photo on the profile screen has loaded (an <img> whose file the browser could decode). */
async function expectPhoto(page: Page) {
  const photo = page.getByRole('img', { name: /^Foto van / });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^\/api\/users\/\d+\/image\?v=/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
}

test('profile: change the name -> "Profiel is gewijzigd", reload, read back (form and app bar), save again; a photo', async ({
  page,
  baseURL,
}) => {
  const email = await createActivatedUser(baseURL!);
  await page.setViewportSize(DESKTOP);
  await page.goto('/login?redirect=/profile');
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profiel', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  const form = fields(page);
  // The e-mail address is shown, not a field.
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Taal' })).toHaveText('Nederlands');

  // The shared schema in the form.
  await form.first.fill('');
  await form.save.click();
  await expect(form.first).toHaveAccessibleDescription('Verplicht');

  await form.first.fill('Pim');
  await form.preposition.fill('van');
  await form.save.click();
  await expectNotification(page, 'Profiel is gewijzigd');
  // The app bar follows at once.
  await expect(page.getByRole('button', { name: 'Account van Pim van Wachtwoord, PW' })).toBeVisible();

  await page.reload();
  await expect(form.first).toHaveValue('Pim');
  await expect(form.preposition).toHaveValue('van');
  await expect(form.last).toHaveValue('Wachtwoord');
  await expect(page.getByRole('button', { name: 'Account van Pim van Wachtwoord, PW' })).toBeVisible();

  // Save again: a second change after the first, on the same screen.
  await form.preposition.fill('');
  await form.last.fill('Profiel');
  await form.save.click();
  await expectNotification(page, 'Profiel is gewijzigd');
  await expect(page.getByRole('button', { name: 'Account van Pim Profiel, PP' })).toBeVisible();
  await page.reload();
  await expect(form.preposition).toHaveValue('');
  await expect(form.last).toHaveValue('Profiel');

  // A photo: chosen, uploaded at once, shown on the screen and in the app bar, after a reload too.
  await page
    .getByLabel('Foto kiezen', { exact: true })
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(64, [190, 21, 34]) });
  await expectNotification(page, 'Foto is gewijzigd');
  await expectPhoto(page);
  await page.reload();
  await expectPhoto(page);
  await expect(page.locator('header img')).toHaveAttribute('src', /^\/api\/users\/\d+\/image\?v=/);

  // The links to the password and two-factor sign-in.
  await expect(page.getByRole('link', { name: 'Wachtwoord wijzigen' })).toHaveAttribute('href', '/change-password');
  const twoFactor = page.getByRole('region', { name: 'Tweestapsverificatie' });
  await expect(twoFactor.getByTestId('two-factor-status')).toHaveText('Uit');
  await expect(twoFactor.getByRole('link', { name: 'Inschakelen' })).toHaveAttribute('href', '/2fa-intro');
  await checkScreen(page, 'profile-desktop');

  // A phone: one column, nothing sideways; the photo goes after a confirmation.
  await page.setViewportSize(PHONE);
  await expect(form.first).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Foto verwijderen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expectNotification(page, 'Foto is verwijderd');
  await expect(page.getByRole('img', { name: /^Foto van / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Foto verwijderen' })).toHaveCount(0);
});
