import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { ApiSession } from '../reports/helpers';
import { ACCOUNTS } from '../support/login';
import { DESKTOP, PHONE, checkScreen } from '../support/looks';

export { DESKTOP, PHONE };
/** A password that meets the rule and is not easy to guess. */
export const STRONG = 'Fietsbel-Kano7!';

/**
 * The e2e server's outbox: it writes every mail as an .eml to DATA_DIR/outbox, named to the test
 * workers as E2E_OUTBOX (playwright.config.ts); without it every /tmp/keurwijzer-e2e-* outbox is
 * searched (the recipients are unique per test).
 */
function outboxFiles(): string[] {
  const own = process.env.E2E_OUTBOX;
  if (own) {
    try {
      return readdirSync(own).map((file) => path.join(own, file));
    } catch {
      return [];
    }
  }
  return readdirSync('/tmp')
    .filter((dir) => dir.startsWith('keurwijzer-e2e-'))
    .flatMap((dir) => {
      const outbox = path.join('/tmp', dir, 'outbox');
      try {
        return readdirSync(outbox).map((file) => path.join(outbox, file));
      } catch {
        return [];
      }
    });
}

/** The mails in the outbox to `to` (file names carry the address), oldest first, decoded. */
export async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const files = outboxFiles()
    .filter((file) => file.endsWith(`-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`))
    .sort();
  const mails = [];
  for (const file of files) {
    const parsed = await simpleParser(readFileSync(file));
    mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '' });
  }
  return mails;
}

/** The link of the `count`-th mail to `to` that has one matching `pattern` (waits for it). */
export async function linkFromMail(to: string, pattern: RegExp, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const links = (await mailsTo(to)).map((m) => pattern.exec(m.text)?.[0]).filter(Boolean);
        link = links[count - 1] ?? '';
        return link;
      },
      { message: `mail ${count} to ${to}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * An admin (the demo admin, through the API) invites a new user with a unique address starting
 * with `prefix`; returns the address (its invitation link is then in the outbox: linkFromMail).
 */
export async function inviteUser(
  baseURL: string,
  user: { first_name: string; last_name: string; role: 'mechanic' | 'admin' },
  prefix: string,
): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.com`;
  const admin = await ApiSession.login(baseURL, ACCOUNTS.admin);
  await admin.send('POST', '/api/users', { ...user, email });
  await admin.dispose();
  return email;
}

/**
 * A new activated user of this test (the demo accounts keep their passwords: other specs log in
 * with them): an admin invites it through the API, the invitation's link from the outbox sets
 * its first password. Returns its e-mail.
 */
export async function createActivatedUser(baseURL: string, role: 'mechanic' | 'admin' = 'mechanic') {
  const email = await inviteUser(baseURL, { first_name: 'Wil', last_name: 'Wachtwoord', role }, 'wachtwoord');

  const link = await linkFromMail(email, /\/activate\/[\w-]+/);
  const visitor = await playwrightRequest.newContext({ baseURL });
  const vtoken = ((await (await visitor.get('/api/token')).json()) as { data: { token: string } }).data.token;
  const activate = await visitor.post('/api/activate', {
    data: { token: link.split('/').at(-1), password: STRONG, password_confirmation: STRONG },
    headers: { 'X-CSRF-TOKEN': vtoken },
  });
  expect(activate.status(), await activate.text()).toBe(200);
  await visitor.dispose();
  return email;
}

/** No sideways scrolling, no serious or critical axe finding, then /tmp/shots/account-<name>.png. */
export const shoot = (page: Page, name: string) => checkScreen(page, `account-${name}`);

/**
 * The theme of the next page loads: MUI keeps the chosen scheme in localStorage ('mui-mode'),
 * and the authentication layout has no toggle of its own.
 */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((mode) => localStorage.setItem('mui-mode', mode), theme);
}
