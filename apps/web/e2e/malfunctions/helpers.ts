import { expect, type Locator, type Page } from '@playwright/test';

/** The level-1 heading `name` (exact). */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The main menu's "Storingen" item; on a phone the menu opens first. */
export async function malfunctionsMenuItem(page: Page): Promise<Locator> {
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const item = menu.getByRole('link', { name: /^Storingen/ });
  // The app bar and the menu render together: once the bar is there, a hidden item means a phone.
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();
  if (!(await item.isVisible())) await page.getByRole('button', { name: 'Menu openen' }).click();
  await expect(item).toBeVisible();
  return item;
}

/** Closes the phone's menu sheet again (nothing to do on a desktop, where the menu stays). */
export async function closeMenu(page: Page) {
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  if (await sheet.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  }
}

/**
 * The open count beside "Storingen" once it has loaded, when there is at least one open
 * malfunction: the menu item's accessible name is "Storingen (3 open)", or with late ones
 * "Storingen (3 open, waarvan 1 te laat)" (the numbers shown, the label read).
 */
export async function openCount(page: Page): Promise<number> {
  const item = await malfunctionsMenuItem(page);
  // The count comes with its own request after the menu: wait for it instead of reading "Storingen".
  await expect(item).toHaveAccessibleName(/\(\d+ open/);
  const name = (await item.textContent()) ?? '';
  const count = /\((\d+) open(?:, waarvan \d+ te laat)?\)/.exec(name);
  await closeMenu(page);
  return count ? Number(count[1]) : 0;
}

/** Waits until the menu shows `expected` open malfunctions (however many of them are late). */
export async function expectOpenCount(page: Page, expected: number) {
  const item = await malfunctionsMenuItem(page);
  if (expected > 0)
    await expect(item).toHaveAccessibleName(new RegExp(`^Storingen \\(${expected} open(, waarvan \\d+ te laat)?\\)$`));
  else await expect(item).toHaveAccessibleName('Storingen');
  await closeMenu(page);
}

/** The malfunction's handling section of admin/malfunctions/{id}. */
export const handling = (page: Page) => page.getByRole('region', { name: 'Behandeling' });
/** The timeline's events, oldest first. */
export const timeline = (page: Page) => page.getByRole('list', { name: 'Tijdlijn' }).getByRole('listitem');

/**
 * Opens the malfunction with `description` from admin/malfunctions, searched: a table row's
 * machine link on a desktop, its card on a phone. Returns its id from the URL.
 */
export async function openFromList(page: Page, description: string): Promise<number> {
  await page.goto(`/admin/malfunctions?search=${encodeURIComponent(description)}`);
  await expect(heading(page, 'Storingen')).toBeVisible();
  const table = page.getByRole('table', { name: 'Storingen' });
  if (await table.isVisible()) {
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(description);
    await rows
      .nth(1)
      .getByRole('link', { name: /^Storing / })
      .click();
  } else {
    const cards = page.getByRole('list', { name: 'Storingen' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('link').filter({ hasText: description }).click();
  }
  await expect(page).toHaveURL(/\/admin\/malfunctions\/\d+$/);
  return Number(/(\d+)$/.exec(page.url())![1]);
}
