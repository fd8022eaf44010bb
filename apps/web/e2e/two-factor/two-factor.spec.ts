import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { STRONG, createActivatedUser, shoot } from '../account/helpers';
import { submitLogin } from '../support/login';

/** Logs out through the account menu (the app bar's avatar). */
async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account van / }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The app's code one time step (30 s) from now: the server accepts it, and no earlier code was used for it. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('turn on two-factor sign-in, then log in with a code and with a recovery code', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = await createActivatedUser(baseURL!, 'mechanic');
  // Without a login that waits for its code, /2fa goes to the login.
  await page.goto('/2fa');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, email, STRONG);
  await expect(page).not.toHaveURL(/\/login/);

  // 2fa-intro: what it is, which apps; on to 2fa-activate.
  await page.goto('/2fa-intro');
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  await expect(page.getByText('Google Authenticator')).toBeVisible();
  await shoot(page, '2fa-intro');
  await page.getByRole('link', { name: 'Inschakelen' }).click();
  await expect(page).toHaveURL('/2fa-activate');

  // The key as text (next to the QR code); the test is the authenticator app.
  await expect(page.getByRole('img', { name: /QR-code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await shoot(page, '2fa-activate');
  // Turning it on asks the password too: a session alone cannot. A wrong one first.
  const right = await generate({ secret });
  const password = page.getByRole('textbox', { name: 'Wachtwoord' });
  await page.getByRole('textbox', { name: 'Code' }).fill(right);
  await page.getByRole('button', { name: 'Inschakelen' }).click();
  await expect(password).toHaveAccessibleDescription('Verplicht');
  await password.fill('Niet-het-wachtwoord-1');
  await page.getByRole('button', { name: 'Inschakelen' }).click();
  await expect(password).toHaveAccessibleDescription('Het opgegeven wachtwoord is onjuist.');
  await expect(password).toBeFocused();
  // A wrong code: the Dutch error under the field.
  await password.fill(STRONG);
  await page.getByRole('textbox', { name: 'Code' }).fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Inschakelen' }).click();
  await expect(page.getByText('De code is onjuist.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Inschakelen' }).click();

  // The ten recovery codes, shown once, with copy and download.
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie staat aan' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Herstelcodes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await expect(page.getByText(/Je ziet ze maar één\s+keer/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Downloaden' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('herstelcodes.txt');
  await page.getByRole('button', { name: 'Klaar' }).click();
  await expect(page).toHaveURL('/profile');

  // Log out, log in: the password, then a code from the app.
  await logout(page);
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/2fa(\?|$)/);
  const code = page.getByRole('textbox', { name: 'Code' });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await shoot(page, '2fa');
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).not.toHaveURL(/\/2fa|\/login/);
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();

  // Log out, log in with a recovery code (the app's codes of this minute are used up).
  await logout(page);
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/2fa(\?|$)/);
  await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();

  // The same recovery code a second time: refused.
  await logout(page);
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/2fa(\?|$)/);
  await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('De herstelcode is onjuist of al gebruikt.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(codes[1]!);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();

  // The profile's two-factor section: new recovery codes, then turn it off, both with the password.
  await page.goto('/profile');
  await expect(page.getByTestId('two-factor-status')).toHaveText('Aan');
  await page.getByRole('button', { name: 'Nieuwe herstelcodes' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Nieuwe herstelcodes' });
  await codesDialog.getByRole('textbox', { name: 'Wachtwoord' }).fill(STRONG);
  await codesDialog.getByRole('button', { name: 'Nieuwe codes maken' }).click();
  await expect(codesDialog.getByRole('list', { name: 'Herstelcodes' }).getByRole('listitem')).toHaveCount(10);
  await codesDialog.getByRole('button', { name: 'Klaar' }).click();
  await expect(codesDialog).toBeHidden();

  await page.getByRole('button', { name: 'Uitschakelen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tweestapsverificatie uitschakelen' });
  await dialog.getByRole('textbox', { name: 'Wachtwoord' }).fill('Niet-het-wachtwoord-1');
  await dialog.getByRole('button', { name: 'Uitschakelen' }).click();
  await expect(dialog.getByText('Het opgegeven wachtwoord is onjuist.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Wachtwoord' }).fill(STRONG);
  await dialog.getByRole('button', { name: 'Uitschakelen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Uit');
  await expect(page.getByRole('link', { name: 'Inschakelen' })).toBeVisible();
  // Logging in needs no code any more.
  await logout(page);
  await submitLogin(page, email, STRONG);
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();
});
