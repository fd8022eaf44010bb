import { expect, test } from '@playwright/test';
import { ACCOUNTS, submitLogin } from '../support/login';
import { openScreen } from './helpers';

test('no page breaks the Content Security Policy (zod runs without its eval probe)', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  await page.goto('/login');
  // Validating the empty form runs the shared zod schema on the login page.
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Verplicht').first()).toBeVisible();
  await submitLogin(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of ['/admin/users', '/admin/users/create', '/admin/customers/1/machines', '/admin/questionnaires']) {
    await openScreen(page, path);
  }
  // A form validated with zod in the browser.
  await openScreen(page, '/admin/brands/create');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Verplicht').first()).toBeVisible();
  expect(problems).toEqual([]);
});
