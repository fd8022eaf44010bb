import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, submitLogin } from '../support/login';
import { PHONE, STRONG, createActivatedUser } from '../account/helpers';

/**
 * The reminder mails' switch on the profile, at 390 px: on by default, turned
 * off and saved with the profile, read back after a reload, turned on and saved again. A mechanic
 * gets no reminders and sees no switch.
 */
test('profile: "Herinneringsmails ontvangen" off -> save, reload, read back, on -> save again', async ({
  page,
  baseURL,
}) => {
  const email = await createActivatedUser(baseURL!, 'admin');
  await page.setViewportSize(PHONE);
  await page.goto('/login?redirect=/profile');
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/profile$/);

  const toggle = page.getByRole('switch', { name: 'Herinneringsmails ontvangen' });
  const save = page.getByRole('button', { name: 'Opslaan' });
  await expect(toggle).toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/Elke maandag een e-mail met per klant de machines/);

  // Off with the keyboard, saved.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await save.click();
  await expectNotification(page, 'Profiel is gewijzigd');
  await page.reload();
  await expect(toggle).not.toBeChecked();

  // On again, saved again; the name is unchanged.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await save.click();
  await expectNotification(page, 'Profiel is gewijzigd');
  await page.reload();
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('Wil');
});

test('profile: a customer user reads what the monthly reminder is; a mechanic has no switch', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, ACCOUNTS.customer, '/login?redirect=/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('switch', { name: 'Herinneringsmails ontvangen' })).toHaveAccessibleDescription(
    /Elke maand een e-mail als er machines van je bedrijf/,
  );
  await page.context().clearCookies();
  await loginAs(page, ACCOUNTS.mechanic, '/login?redirect=/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('textbox', { name: 'Voornaam' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Herinneringsmails ontvangen' })).toHaveCount(0);
});
