import { expect, type Locator, type Page } from '@playwright/test';
import { expectNotification } from '../support/login';

export { expectNotification };

/** The demo seed's first customer and its main site (machines of every inspection type). */
export const DEMO_CUSTOMER = 'Metaalbewerking Brabant B.V.';
export const DEMO_LOCATION = 'Eindhoven';

/** The level-1 heading `name` (exact). */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Chooses `option` in the MUI select `label` inside `scope` (its options open in a popup on the page). */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toHaveText(option);
}

export type NewTasklist = { customer: string; location: string; type: string; date: string; remarks: string };

/**
 * Creates a task list through "Nieuwe takenlijst" on the overview and returns its id (from the
 * plan screen it opens on). `date` as the date input takes it: YYYY-MM-DD.
 */
export async function createTasklist(page: Page, list: NewTasklist): Promise<number> {
  await page.goto('/');
  await expect(heading(page, 'Takenlijsten')).toBeVisible();
  await page.getByRole('link', { name: 'Nieuwe takenlijst' }).click();
  await expect(page).toHaveURL('/tasklists/create');
  await expect(heading(page, 'Nieuwe takenlijst')).toBeVisible();

  // The location waits for a customer.
  await expect(page.getByRole('combobox', { name: 'Vestiging' })).toHaveAttribute('aria-disabled', 'true');
  const customer = page.getByRole('combobox', { name: 'Klant' });
  await customer.fill(list.customer.slice(0, 8));
  await page.getByRole('option', { name: list.customer, exact: true }).click();
  await expect(customer).toHaveValue(list.customer);
  await choose(page, page, 'Vestiging', list.location);
  await choose(page, page, 'Type', list.type);
  await page.getByLabel('Geplande datum').fill(list.date);
  await page.getByRole('textbox', { name: 'Opmerkingen' }).fill(list.remarks);
  await page.getByRole('button', { name: 'Opslaan' }).click();

  await expect(page).toHaveURL(/\/mechanic\/tasklists\/\d+$/);
  await expectNotification(page, 'Takenlijst is aangemaakt');
  await expect(heading(page, list.customer)).toBeVisible();
  return Number(/\/mechanic\/tasklists\/(\d+)$/.exec(page.url())![1]);
}

/** The plan screen's parts: the planned machines and the location's other machines. */
export const planned = (page: Page) => page.getByRole('list', { name: 'Ingeplande machines' }).getByRole('listitem');
export const candidates = (page: Page) => page.getByRole('list', { name: 'Machines op deze vestiging' });
