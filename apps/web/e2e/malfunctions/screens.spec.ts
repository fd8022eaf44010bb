import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { DESKTOP, PHONE, createMalfunction, setTheme } from '../portal/helpers';
import { handling, heading, openFromList, timeline } from './helpers';

const SHOTS = '/tmp/shots';

/**
 * Nothing is wider than the screen (no sideways scrolling), axe finds nothing serious or critical,
 * then a full-page screenshot /tmp/shots/malfunctions-<name>.png.
 */
async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  // No tooltip of the theme button in the picture; transitions done: axe reads colours as painted.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${name}`).toEqual([]);
  if (!process.env.CI) await page.screenshot({ path: `${SHOTS}/malfunctions-${name}.png`, fullPage: true });
}

test('the malfunction screens fit a phone and a desktop, light and dark; reopening asks for a reason', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
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

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`/admin/malfunctions?search=${encodeURIComponent(prefix)}`);
      await expect(heading(page, 'Storingen')).toBeVisible();
      await setTheme(page, theme);
      await expect(page.getByText(/^1–3 van 3$/)).toBeVisible();
      await check(page, `list-${size.width}-${theme}`);

      await page.goto(detail);
      await expect(page.getByRole('heading', { level: 1, name: /^Storing / })).toBeVisible();
      await expect(timeline(page)).toHaveCount(4);
      await check(page, `detail-${size.width}-${theme}`);
    }
  }
  await setTheme(page, 'light');
});
