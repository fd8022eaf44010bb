import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import {
  DEMO_CUSTOMER,
  DEMO_LOCATION,
  candidates,
  choose,
  createTasklist,
  expectNotification,
  heading,
  planned,
} from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone a mechanic creates a task list, plans machines, adds one found on site and takes one off again', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.mechanic);
  const remarks = unique('E2E plan ');
  const id = await createTasklist(page, {
    customer: DEMO_CUSTOMER,
    location: DEMO_LOCATION,
    type: 'Veiligheid',
    date: '2026-06-15',
    remarks,
  });
  await expect(page.getByText(remarks)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingepland (0)' })).toBeVisible();

  // The location's machines: a machine without a safety questionnaire says why it has no checkbox.
  const list = candidates(page);
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByText('Deze machine heeft geen vragenlijst van dit type')).not.toHaveCount(0);

  // Filtered by department, three machines are chosen and planned with the sticky button.
  await expect(page.getByRole('button', { name: 'Inplannen (0)' })).toBeDisabled();
  await choose(page, page, 'Afdeling', 'Plaatwerk');
  const boxes = list.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBeGreaterThanOrEqual(3);
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const box = boxes.nth(i);
    names.push((await box.getAttribute('aria-label'))!);
    await box.check();
  }
  const planButton = page.getByRole('button', { name: 'Inplannen (3)' });
  // A target a thumb can hit, in view without scrolling back.
  const size = await planButton.boundingBox();
  expect(size!.height).toBeGreaterThanOrEqual(48);
  expect(size!.y + size!.height).toBeLessThanOrEqual(844);
  await planButton.click();
  await expectNotification(page, '3 machines ingepland');
  await expect(page.getByRole('heading', { name: 'Ingepland (3)' })).toBeVisible();
  for (const name of names) {
    const [machine] = name.split(' (');
    await expect(planned(page).filter({ hasText: machine! })).not.toHaveCount(0);
    // Planned machines leave the choice.
    await expect(list.getByRole('checkbox', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: /^Rapport invullen: / })).toHaveCount(3);

  // A machine found on site: created as a concept machine and planned at once.
  const conceptName = unique('Kantbank ');
  const conceptNumber = unique('C-');
  await page.getByRole('button', { name: 'Machine toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Machine toevoegen' });
  await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill(conceptName);
  await dialog.getByRole('textbox', { name: 'Inventarisnummer' }).fill(conceptNumber);
  await choose(page, dialog, 'Afdeling', 'Plaatwerk');
  await choose(page, dialog, 'Ruimte', 'Hal 2');
  const questionnaire = dialog.getByRole('combobox', { name: 'Vragenlijst' });
  if ((await questionnaire.textContent())?.trim() === '') {
    await questionnaire.click();
    await page.getByRole('listbox').getByRole('option').first().click();
  }
  await dialog.getByRole('button', { name: 'Toevoegen en inplannen' }).click();
  await expectNotification(page, 'Conceptmachine is aangemaakt en ingepland');
  await expect(dialog).toBeHidden();

  // Read back after a reload: under "Ingepland" with a Concept chip.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ingepland (4)' })).toBeVisible();
  const conceptCard = planned(page).filter({ hasText: conceptName });
  await expect(conceptCard).toHaveCount(1);
  await expect(conceptCard).toContainText(conceptNumber);
  await expect(conceptCard).toContainText('Plaatwerk > Hal 2');
  await expect(conceptCard.getByText('Concept', { exact: true })).toBeVisible();

  // An untouched machine comes off the list again, after a confirmation.
  await page.getByRole('button', { name: `Van de lijst halen: ${names[0]}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Van de lijst halen' });
  await expect(confirm).toContainText(names[0]!);
  await confirm.getByRole('button', { name: 'Van de lijst halen' }).click();
  await expectNotification(page, 'Machine is van de takenlijst gehaald');
  await expect(page.getByRole('heading', { name: 'Ingepland (3)' })).toBeVisible();
  await expect(list.getByRole('checkbox', { name: names[0] })).toHaveCount(1);

  // The overview shows the list as a card with its status and progress, also after a reload.
  await page.goto('/');
  await expect(heading(page, 'Takenlijsten')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoeken op klant, vestiging of opmerking' }).fill(remarks);
  await expect(page).toHaveURL(/search=/);
  await page.reload();
  const cards = page.getByRole('list', { name: 'Takenlijsten' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(DEMO_CUSTOMER);
  await expect(cards.first()).toContainText(DEMO_LOCATION);
  await expect(cards.first()).toContainText('Veiligheid · 15-06-2026');
  await expect(cards.first()).toContainText('Gepland');
  await expect(cards.first()).toContainText('0 / 3');
  // "Alleen mijn takenlijsten" is on by default for a mechanic (the filters fold on a phone).
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Alleen mijn takenlijsten' })).toBeChecked();
  const card = await cards.first().getByRole('link').boundingBox();
  expect(card!.height).toBeGreaterThanOrEqual(48);
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(`/mechanic/tasklists/${id}`);

  // The office opens the same list on its own screen.
  await page.context().clearCookies();
  await loginAs(page, ACCOUNTS.admin, `/admin/tasklists/${id}`);
  await expect(page).toHaveURL(`/admin/tasklists/${id}`);
  await expect(heading(page, DEMO_CUSTOMER)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Machines (3)' })).toBeVisible();
  const machines = page.getByRole('list', { name: 'Machines' }).getByRole('listitem');
  await expect(machines).toHaveCount(3);
  await expect(machines.filter({ hasText: conceptName }).getByRole('link', { name: 'Rapport' })).toHaveAttribute(
    'href',
    /^\/admin\/reports\/\d+$/,
  );
  await expect(machines.filter({ hasText: conceptName }).getByRole('link', { name: 'Machine' })).toHaveAttribute(
    'href',
    /^\/admin\/customers\/\d+\/machines\/\d+\/edit$/,
  );
});
