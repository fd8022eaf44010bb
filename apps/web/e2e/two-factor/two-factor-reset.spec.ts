import { expect, request as playwrightRequest, test } from '@playwright/test';
import { generate } from 'otplib';
import { ApiSession } from '../reports/helpers';
import { ACCOUNTS, expectNotification, loginAs, submitLogin } from '../support/login';
import { STRONG, createActivatedUser, mailsTo } from '../account/helpers';

/** A new user with two-factor on (through the API, as its own authenticator app): its e-mail, id and session. */
async function userWithTwoFactor(baseURL: string) {
  const email = await createActivatedUser(baseURL);
  const ctx = await playwrightRequest.newContext({ baseURL });
  const token = async () => ((await (await ctx.get('/api/token')).json()) as { data: { token: string } }).data.token;
  const login = await ctx.post('/api/login', {
    data: { email, password: STRONG },
    headers: { 'X-CSRF-TOKEN': await token() },
  });
  expect(login.status()).toBe(200);
  const csrf = { 'X-CSRF-TOKEN': await token() };
  const setup = await ctx.post('/api/2fa/setup', { headers: csrf });
  const secret = ((await setup.json()) as { data: { secret: string } }).data.secret.replace(/\s/g, '');
  const on = await ctx.post('/api/2fa/enable', {
    data: { code: await generate({ secret }), password: STRONG },
    headers: csrf,
  });
  expect(on.status(), await on.text()).toBe(200);
  const admin = await ApiSession.login(baseURL, ACCOUNTS.admin);
  const users = await admin.get<{ id: number; email: string }[]>(`/api/users?search=${encodeURIComponent(email)}`);
  await admin.dispose();
  return { email, id: users.find((u) => u.email === email)!.id, session: ctx };
}

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
