import { expect, test, type Page } from '@playwright/test';

/** The activation form's fields and button. */
function activateForm(page: Page) {
  return {
    password: page.getByRole('textbox', { name: 'Wachtwoord', exact: true }),
    repeat: page.getByRole('textbox', { name: 'Herhaal wachtwoord' }),
    submit: page.getByRole('button', { name: 'Account activeren' }),
  };
}

test('a password that meets the rule but is easy to guess is refused in the form, before anything is sent', async ({
  page,
}) => {
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
  await page.goto(`/activate/${'x'.repeat(43)}`);
  const form = activateForm(page);
  await expect(form.submit).toBeVisible();
  await expect.poll(() => strengthChunks.length).toBe(1);

  await form.password.fill('Password1!');
  await form.repeat.fill('Password1!');
  await form.submit.click();
  await expect(form.password).toHaveAccessibleDescription('Je wachtwoord is niet sterk genoeg');
  await expect(form.password).toBeFocused();
  expect(activations).toEqual([]);

  // A strong one goes to the server, which judges the (made-up) link.
  await form.password.fill('Fietsbel-Kano7!');
  await form.repeat.fill('Fietsbel-Kano7!');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Deze activatielink is ongeldig of verlopen. Vraag de beheerder om een nieuwe uitnodiging.',
  );
  expect(activations).toEqual(['POST']);
});
