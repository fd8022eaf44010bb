import { expect, test } from '@playwright/test';
import { REPORT_TEXT } from '@keurwijzer/shared/reports';
import { ApiSession, createQuestionnaire, planReport, progress } from '../reports/helpers';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { DESKTOP, PHONE } from './helpers';
import { expectClearOf } from '../support/layout';

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
      // The spec's place: top right, in the upper part of the window, below the page heading
      // and its buttons.
      expect(box.y).toBeLessThan(viewport.height / 4);
      await expectClearOf(note, page.locator('main [data-keep-clear]').first());
    } else {
      // On a phone the top is what the user reads: it stands at the bottom, over
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

test("on a desktop the notification stands below the report's sticky progress bar, not over its button", async ({
  page,
  baseURL,
}) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const second = `Tweede blok ${id}`;
  const questionnaire = await createQuestionnaire(admin, `E2E melding ${id}`, 'maintenance', [
    { name: `Eerste blok ${id}`, questions: 10 },
    { name: second, questions: 2 },
  ]);
  const report = await planReport(admin, mechanic, questionnaire, `Zaagmachine ${id}`);
  await Promise.all([admin.dispose(), mechanic.dispose()]);

  await page.setViewportSize(DESKTOP);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  await expect(progress(page)).toHaveText('0 / 12 beantwoord');
  // Far down the report the progress bar sticks under the app bar (the heading scrolled away);
  // skipping the last category there gives a notification.
  const category = page.getByRole('region', { name: second });
  await category.getByRole('button', { name: 'Categorie overslaan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Overslaan' }).click();
  const note = page.getByRole('status').filter({ hasText: REPORT_TEXT.categorySkipped });
  await expect(note).toBeVisible();
  const bar = page.getByRole('region', { name: 'Voortgang' });
  expect((await bar.boundingBox())!.y).toBeLessThan(80);
  await expectClearOf(note, bar);
  await expectClearOf(note, bar.getByRole('button', { name: 'Naar eerste open vraag' }));
});
