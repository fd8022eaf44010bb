import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { DESKTOP, PHONE } from './helpers';

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the notification stands ${device === 'desktop' ? 'top right below the app bar' : 'at the bottom, off the heading'}, off the app bar's buttons (${device})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await loginAs(page, ACCOUNTS.admin);
    // Saving a brand unchanged gives a notification on the list.
    await page.goto('/admin/brands/1/edit');
    await expect(page.getByRole('textbox', { name: 'Naam' })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    const note = page.getByRole('status').filter({ hasText: 'Merk is gewijzigd' });
    await expect(note).toBeVisible();
    // The pointer on it holds it open (MUI pauses the 3 s), however slow this machine is.
    await note.hover();

    const bar = (await page.getByRole('banner').boundingBox())!;
    const box = (await note.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    // Right-aligned: it ends near the right edge of the window.
    expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(24);
    const heading = (await page.getByRole('heading', { level: 1, name: 'Merken' }).boundingBox())!;
    if (device === 'desktop') {
      // The spec's place: top right, in the upper part of the window.
      expect(box.y).toBeLessThan(viewport.height / 4);
    } else {
      // On a phone (issue 19) the top is what the user reads: it stands at the bottom, over
      // neither the heading nor anything under the app bar.
      expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24);
      expect(box.y).toBeGreaterThan(heading.y + heading.height);
    }

    // The theme toggle and the account button stay uncovered meanwhile: what is at their centre
    // is the button itself.
    for (const button of [
      page.getByRole('button', { name: 'Donker thema' }),
      page.getByRole('button', { name: /^Account van / }),
    ]) {
      const covered = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !top || !el.contains(top);
      });
      expect(covered).toBe(false);
    }
    await expect(note).toBeVisible();
  });
}
