import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { LOOKS, checkScreen, setTheme } from '../support/looks';
import { DEMO_CUSTOMER, DEMO_LOCATION, createTasklist, expectNotification, heading } from './helpers';

test('the task list screens fit a phone and a desktop, light and dark; the office overview links to its screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ACCOUNTS.admin);
  const remarks = unique('E2E schermen ');
  const id = await createTasklist(page, {
    customer: DEMO_CUSTOMER,
    location: DEMO_LOCATION,
    type: 'Keuring',
    date: '2026-07-01',
    remarks,
  });
  // On a desktop the location's machines are a table: rows are chosen with their checkboxes.
  const table = page.getByRole('table', { name: 'Machines op deze vestiging' });
  const boxes = table.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  await page.getByRole('checkbox', { name: /^Alles selecteren/ }).check();
  const all = await boxes.count();
  await expect(page.getByRole('button', { name: `Inplannen (${all})` })).toBeEnabled();
  await page.getByRole('checkbox', { name: /^Alles selecteren/ }).uncheck();
  for (let i = 0; i < 2; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Inplannen (2)' }).click();
  await expectNotification(page, '2 machines ingepland');

  // Date and remarks can change; customer, location and type are fixed once machines are planned.
  await page.getByRole('button', { name: 'Wijzigen' }).click();
  const edit = page.getByRole('dialog', { name: 'Takenlijst wijzigen' });
  await expect(edit.getByRole('textbox', { name: 'Klant' })).toBeDisabled();
  await expect(edit.getByRole('combobox', { name: 'Vestiging' })).toHaveAttribute('aria-disabled', 'true');
  await edit.getByLabel('Geplande datum').fill('2026-07-02');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, 'Takenlijst is gewijzigd');
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' })).toContainText('Keuring 02-07-2026');

  // The admin's overview: a table, the list's row opens the office screen.
  await page.goto(`/?search=${encodeURIComponent(remarks)}`);
  const rows = page.getByRole('table', { name: 'Takenlijsten' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Keuring');
  await expect(rows.nth(1)).toContainText('02-07-2026');
  await expect(rows.nth(1)).toContainText('Gepland');
  await expect(rows.nth(1)).toContainText('0 / 2');
  await rows.nth(1).getByRole('link', { name: DEMO_CUSTOMER }).click();
  await expect(page).toHaveURL(`/admin/tasklists/${id}`);
  await expect(heading(page, DEMO_CUSTOMER)).toBeVisible();

  // A completed list (demo seed): every report submitted, with who filled it in.
  await page.goto('/?status=completed');
  const completed = page.getByRole('table', { name: 'Takenlijsten' }).getByRole('row').nth(1);
  await expect(completed).toContainText('Afgerond');
  await completed.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/tasklists\/\d+$/);
  const completedPath = new URL(page.url()).pathname;
  const officeRows = page.getByRole('table', { name: 'Machines' }).getByRole('row');
  await expect(officeRows.nth(1)).toContainText('Ingediend');
  await expect(officeRows.nth(1).getByRole('cell').nth(6)).not.toHaveText('-');

  // A list nobody worked on can be deleted, after a confirmation.
  const spare = await createTasklist(page, {
    customer: DEMO_CUSTOMER,
    location: DEMO_LOCATION,
    type: 'Onderhoud',
    date: '2026-07-03',
    remarks: unique('E2E weg '),
  });
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await page
    .getByRole('dialog', { name: 'Takenlijst verwijderen' })
    .getByRole('button', { name: 'Verwijderen' })
    .click();
  await expectNotification(page, 'Takenlijst is verwijderd');
  await expect(page).toHaveURL('/');
  await page.goto(`/mechanic/tasklists/${spare}`);
  await expect(page.getByRole('alert')).toBeVisible();

  const screens = [
    ['overview', '/'],
    ['create', '/tasklists/create'],
    ['plan', `/mechanic/tasklists/${id}`],
    ['office', `/admin/tasklists/${id}`],
    ['office-completed', completedPath],
  ] as const;
  for (const look of LOOKS) {
    await page.setViewportSize(look.size);
    await page.goto('/');
    await setTheme(page, look.theme);
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkScreen(page, `tasklists-${name}-${look.name}`);
    }
  }
  await setTheme(page, 'light');
});
