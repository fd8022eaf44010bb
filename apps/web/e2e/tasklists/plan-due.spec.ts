import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { DESKTOP, PHONE, checkScreen, eachLook } from '../support/looks';
import { DEMO_CUSTOMER, DEMO_LOCATION, choose, expectNotification, heading, planned } from './helpers';

/**
 * Planning from due dates, on a phone: the create form says how many machines
 * of the location are due, the plan screen proposes them by due date, and "Alle verlopen
 * inplannen" plans them in one tap. The plan screen in four looks.
 */
test('on a phone a mechanic plans every due machine of the location in one tap', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await loginAs(page, ACCOUNTS.mechanic, '/tasklists/create');
  await expect(heading(page, 'Nieuwe takenlijst')).toBeVisible();
  const customer = page.getByRole('combobox', { name: 'Klant' });
  await customer.fill(DEMO_CUSTOMER.slice(0, 8));
  await page.getByRole('option', { name: DEMO_CUSTOMER, exact: true }).click();
  await choose(page, page, 'Vestiging', DEMO_LOCATION);
  await choose(page, page, 'Type', 'Keuring');
  const count = page.getByTestId('due-count');
  await expect(count).toHaveText(
    /^\d+ machines? van deze vestiging (is|zijn) verlopen, afgekeurd of binnenkort aan de beurt$/,
  );
  const due = Number(/^(\d+)/.exec((await count.textContent())!)![1]);
  expect(due).toBeGreaterThan(0);
  await page.getByLabel('Geplande datum').fill('2026-12-15');
  await page.getByRole('textbox', { name: 'Opmerkingen' }).fill(unique('E2E verlopen '));
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/mechanic\/tasklists\/\d+$/);
  await expectNotification(page, 'Takenlijst is aangemaakt');

  // The proposal: the same number, by due date, each with its state chip.
  const proposal = page.getByRole('region', { name: /^Aan de beurt/ });
  await expect(proposal.getByRole('heading', { name: `Aan de beurt (${due})` })).toBeVisible();
  const items = proposal.getByRole('list', { name: 'Machines aan de beurt' }).getByRole('listitem');
  await expect(items).toHaveCount(due);
  for (const state of await items
    .locator('[data-due-state]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-due-state')))) {
    expect(['rejected', 'overdue', 'due_soon']).toContain(state);
  }
  await eachLook(page, (look) => checkScreen(page, `plan-due-${look}`));

  await page.setViewportSize(PHONE);
  const button = proposal.getByRole('button', { name: /^Alle verlopen inplannen \((\d+)\)$/ });
  const plannable = Number(/\((\d+)\)/.exec((await button.textContent())!)![1]);
  expect(plannable).toBeGreaterThan(0);
  // A target a thumb can hit.
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await button.click();
  await expectNotification(page, plannable === 1 ? '1 machine ingepland' : `${plannable} machines ingepland`);
  await expect(page.getByRole('heading', { name: `Ingepland (${plannable})` })).toBeVisible();
  await expect(planned(page)).toHaveCount(plannable);
  // Planned ones leave the proposal; what is left cannot be planned.
  await expect(proposal.getByRole('heading', { name: `Aan de beurt (${due - plannable})` })).toBeVisible();
  if (due - plannable > 0)
    await expect(proposal.getByRole('button', { name: /^Alle verlopen inplannen/ })).toBeDisabled();

  // After a reload the list still holds them.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Ingepland (${plannable})` })).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('heading', { name: `Ingepland (${plannable})` })).toBeVisible();
});
