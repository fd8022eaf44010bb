import { expect, test, type Page } from '@playwright/test';
import { inviteUser, linkFromMail } from '../account/helpers';

/** The activation form's fields and button. */
function activateForm(page: Page) {
  return {
    password: page.getByRole('textbox', { name: 'Wachtwoord', exact: true }),
    repeat: page.getByRole('textbox', { name: 'Herhaal wachtwoord' }),
    submit: page.getByRole('button', { name: 'Account activeren' }),
  };
}

/** An admin invites a new mechanic through the API; returns the path of its invitation link (from the outbox). */
async function invitationPath(baseURL: string): Promise<string> {
  const email = await inviteUser(
    baseURL,
    { first_name: 'Ivo', last_name: 'Uitgenodigd', role: 'mechanic' },
    'uitnodiging',
  );
  return new URL(await linkFromMail(email, /http:\/\/[^\s]+\/activate\/[\w-]+/)).pathname;
}

test('a link that works no more shows its error and the way to log in, without a password form', async ({ page }) => {
  await page.goto(`/activate/${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText('Deze activatielink is ongeldig of verlopen.');
  await expect(page.getByRole('heading', { name: 'Account activeren' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Wachtwoord', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account activeren' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Naar inloggen' }).click();
  await expect(page).toHaveURL('/login');
});

test('an invitation: a password that meets the rule but is easy to guess is refused in the form, before anything is sent', async ({
  page,
  baseURL,
}) => {
  const link = await invitationPath(baseURL!);
  const strengthChunks: string[] = [];
  const activations: string[] = [];
  page.on('request', (request) => {
    if (/\/password-strength-[\w-]+\.js$/.test(request.url())) strengthChunks.push(request.url());
    if (new URL(request.url()).pathname === '/api/activate') activations.push(request.method());
  });

  // The login page does not load the strength check.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(strengthChunks).toEqual([]);

  // The activation page does, by itself.
  await page.goto(link);
  const form = activateForm(page);
  await expect(form.submit).toBeVisible();
  await expect.poll(() => strengthChunks.length).toBe(1);

  await form.password.fill('Password1!');
  await form.repeat.fill('Password1!');
  await form.submit.click();
  await expect(form.password).toHaveAccessibleDescription('Je wachtwoord is niet sterk genoeg');
  await expect(form.password).toBeFocused();
  expect(activations).toEqual([]);

  // A strong one goes to the server, which activates the invitation.
  await form.password.fill('Fietsbel-Kano7!');
  await form.repeat.fill('Fietsbel-Kano7!');
  await form.submit.click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status').filter({ hasText: 'Je account is geactiveerd.' })).toBeVisible();
  expect(activations).toEqual(['POST']);
});
