import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { createMalfunction } from '../portal/helpers';
import { DESKTOP, LOOKS, checkScreen, setTheme } from '../support/looks';
import { handling, heading, openFromList, timeline } from './helpers';

/** No sideways scrolling, no serious axe finding, then /tmp/shots/malfunctions-<name>.png (support/looks.ts). */
const check = (page: Page, name: string) => checkScreen(page, `malfunctions-${name}`);

test('the malfunction screens fit a phone and a desktop, light and dark; reopening asks for a reason', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Every status in the list: one stays Open, one goes In behandeling, one Opgelost and back.
  const prefix = unique('E2E schermen ');
  const open = await createMalfunction(baseURL!, `${prefix} open: lekkage hydrauliekolie onder de pers`);
  const busy = await createMalfunction(baseURL!, `${prefix} in behandeling: motor maakt een schurend geluid`);
  const description = `${prefix} heropend: de beveiliging van de zaagmachine schakelt steeds uit tijdens het zagen van lange stukken, ook na het resetten van de installatieautomaat in de meterkast`;
  await createMalfunction(baseURL!, description, { withPhoto: true });
  expect(open.id).toBeLessThan(busy.id);

  await page.setViewportSize(DESKTOP);
  await loginAs(page, ACCOUNTS.admin);
  await openFromList(page, busy.description);
  await handling(page).getByRole('button', { name: 'In behandeling nemen' }).click();
  await expectNotification(page, 'Storing is gewijzigd');

  await openFromList(page, description);
  const section = handling(page);
  await section.getByRole('textbox', { name: 'Interne notitie' }).fill('Monteur Jeroen gaat er donderdag heen.');
  await section.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, 'Storing is gewijzigd');
  await section.getByRole('button', { name: 'Opgelost' }).click();
  await expectNotification(page, 'Storing is gewijzigd');

  // Heropenen needs a reason.
  await section.getByRole('button', { name: 'Heropenen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Storing heropenen' });
  await dialog.getByRole('button', { name: 'Heropenen' }).click();
  await expect(dialog.getByText('Geef een reden op om de storing te heropenen')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reden' }).fill('De klant belt: het probleem is terug.');
  await dialog.getByRole('button', { name: 'Heropenen' }).click();
  await expect(dialog).toBeHidden();
  await expectNotification(page, 'Storing is gewijzigd');
  await expect(section.getByText('Open', { exact: true })).toBeVisible();
  await expect(timeline(page)).toHaveCount(4);
  await expect(timeline(page).nth(3)).toContainText('Status van Opgelost naar Open');
  await expect(timeline(page).nth(3)).toContainText('Reden: De klant belt: het probleem is terug.');
  const detail = page.url();

  for (const look of LOOKS) {
    await page.setViewportSize(look.size);
    await page.goto(`/admin/malfunctions?search=${encodeURIComponent(prefix)}`);
    await expect(heading(page, 'Storingen')).toBeVisible();
    await setTheme(page, look.theme);
    await expect(page.getByText(/^1–3 van 3$/)).toBeVisible();
    await check(page, `list-${look.name}`);

    await page.goto(detail);
    await expect(page.getByRole('heading', { level: 1, name: /^Storing / })).toBeVisible();
    await expect(timeline(page)).toHaveCount(4);
    await check(page, `detail-${look.name}`);
  }
  await setTheme(page, 'light');
});
