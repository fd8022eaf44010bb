import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export type Theme = 'light' | 'dark';
export type Look = { size: typeof PHONE; theme: Theme; name: string };

const look = (size: typeof PHONE, theme: Theme): Look => ({ size, theme, name: `${size.width}-${theme}` });
const ALL: Look[] = [look(PHONE, 'light'), look(PHONE, 'dark'), look(DESKTOP, 'light'), look(DESKTOP, 'dark')];

/**
 * The looks every screen is checked in: a phone's and a desktop's width, light and dark. Locally
 * (and with E2E_ALL_LOOKS=1) all four, with screenshots in /tmp/shots to look at. Under CI two:
 * phone light and desktop dark, so each width and each theme is still checked on every screen
 * while the suite stays within its time (the four-look run is the one done before an issue is
 * called resolved; docs/architecture.md "Tests").
 */
export const LOOKS: Look[] = process.env.CI && !process.env.E2E_ALL_LOOKS ? [ALL[0]!, ALL[3]!] : ALL;

const SHOTS = '/tmp/shots';

/**
 * Switches MUI's mode as another tab would (its storage event), without reloading the screen.
 * Right after a page load the provider may have read the stored mode but not yet subscribed to
 * the event (its render is a transition; it subscribes in an effect), so the event is sent again
 * until the page shows the mode.
 */
export async function setTheme(page: Page, theme: Theme) {
  const html = page.locator('html');
  await expect(async () => {
    await page.evaluate((mode) => {
      localStorage.setItem('mui-mode', mode);
      window.dispatchEvent(new StorageEvent('storage', { key: 'mui-mode', newValue: mode }));
    }, theme);
    await expect(html).toHaveClass(new RegExp(`\\b${theme}\\b`), { timeout: 1_000 });
  }).toPass();
}

/** Runs `shots` once per look (LOOKS), with the viewport and theme set; back to light after. */
export async function eachLook(page: Page, shots: (name: string) => Promise<void>) {
  for (const { size, theme, name } of LOOKS) {
    await page.setViewportSize(size);
    await setTheme(page, theme);
    await shots(name);
  }
  await setTheme(page, 'light');
}

/**
 * The screen as it stands: nothing wider than the viewport (no sideways scrolling), axe finds
 * nothing serious or critical, then (not under CI) a full-page screenshot /tmp/shots/<name>.png.
 */
export async function checkScreen(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // No tooltip in the picture, and every transition finished: after a theme switch the colours
  // are still in their CSS transition, and axe would measure them halfway.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${name}`).toEqual([]);
  if (!process.env.CI) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}
