import { expect, request as playwrightRequest } from '@playwright/test';
import { generate } from 'otplib';
import { STRONG, createActivatedUser } from '../account/helpers';
import { ApiSession } from '../reports/helpers';
import { ACCOUNTS } from '../support/login';

/**
 * A new mechanic (password STRONG) with two-factor on, set up through the API as its own
 * authenticator app: its e-mail, id, recovery codes and logged-in API session.
 */
export async function userWithTwoFactor(baseURL: string) {
  const email = await createActivatedUser(baseURL);
  const session = await playwrightRequest.newContext({ baseURL });
  const token = async () =>
    ((await (await session.get('/api/token')).json()) as { data: { token: string } }).data.token;
  const login = await session.post('/api/login', {
    data: { email, password: STRONG },
    headers: { 'X-CSRF-TOKEN': await token() },
  });
  expect(login.status()).toBe(200);
  const csrf = { 'X-CSRF-TOKEN': await token() };
  const setup = await session.post('/api/2fa/setup', { headers: csrf });
  const secret = ((await setup.json()) as { data: { secret: string } }).data.secret.replace(/\s/g, '');
  const on = await session.post('/api/2fa/enable', {
    data: { code: await generate({ secret }), password: STRONG },
    headers: csrf,
  });
  expect(on.status(), await on.text()).toBe(200);
  const codes = ((await on.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes;
  const admin = await ApiSession.login(baseURL, ACCOUNTS.admin);
  const users = await admin.get<{ id: number; email: string }[]>(`/api/users?search=${encodeURIComponent(email)}`);
  await admin.dispose();
  return { email, id: users.find((u) => u.email === email)!.id, codes, session };
}
