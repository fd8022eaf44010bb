import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, submitLogin } from '../support/login';
import { STRONG, mailsTo } from '../account/helpers';
import { userWithTwoFactor } from './helpers';

test('an admin resets a user’s two-factor: confirmed, gone after a reload, the user is mailed and logs in with the password only', async ({
  page,
  baseURL,
}) => {
  const { email, id, session } = await userWithTwoFactor(baseURL!);

  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/users/${id}/edit`);
  await expect(page.getByText('Tweestapsverificatie aan')).toBeVisible();
  await page.getByRole('button', { name: 'Tweestapsverificatie resetten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tweestapsverificatie resetten' });
  await expect(dialog).toContainText('overal uitgelogd');
  await dialog.getByRole('button', { name: 'Resetten' }).click();
  await expectNotification(page, 'Tweestapsverificatie van deze gebruiker is uitgeschakeld.');

  // Read back from the server.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expect(page.getByText('Tweestapsverificatie aan')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tweestapsverificatie resetten' })).toBeHidden();

  // The user's session ended; the mail says what happened.
  expect((await session.get('/api/authorized')).status()).toBe(401);
  await session.dispose();
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(/^Tweestapsverificatie uitgeschakeld bij /));

  // The user logs in with the password alone.
  const userContext = await page.context().browser()!.newContext();
  const user = await userContext.newPage();
  await user.goto('/login');
  await submitLogin(user, email, STRONG);
  await expect(user.getByRole('button', { name: /^Account van / })).toBeVisible();
  await expect(user).not.toHaveURL(/\/2fa/);
  await userContext.close();
});
