import { expect, test, type Page } from '@playwright/test';
import { mailsTo } from '../account/helpers';
import { ApiSession } from '../reports/helpers';
import { ACCOUNTS, expectNotification, unique } from '../support/login';
import {
  PHONE,
  PortalSession,
  loginAsCustomer,
  machineWithReport,
  openMyMalfunctions,
  photo,
  shoot,
  type OwnMalfunctionRow,
} from './helpers';

/** MALFUNCTION_TEXT of packages/shared/src/malfunctions.ts, word for word (the ones read here). */
const TEXT = {
  commented: 'Reactie toegevoegd',
  withdraw: 'Storing intrekken',
  withdrawn: 'Storing ingetrokken',
  withdrawReasonRequired: 'Geef een reden op om de storing in te trekken',
  closed: 'Deze storing is al afgehandeld',
} as const;

/** The customer's timeline on the malfunction's screen, one item per event (not the photos' items in it). */
const timeline = (page: Page) => page.getByRole('list', { name: 'Tijdlijn' }).locator(':scope > li');

/** Opens the malfunction from "Mijn storingen" (searched by its description; a card on a phone). */
async function openFromMine(page: Page, m: OwnMalfunctionRow) {
  await openMyMalfunctions(page);
  await page.getByRole('searchbox', { name: 'Zoeken op machine of omschrijving' }).fill(m.description);
  await page.getByRole('link', { name: new RegExp(m.description) }).click();
  await expect(page).toHaveURL(`/malfunctions/${m.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Storing / })).toBeVisible();
  await expect(page.getByText(m.description)).toBeVisible();
}

test(`at ${PHONE.width} px the customer comments with a photo, sees the office's note and status with the mail, and withdraws another malfunction`, async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);

  // Two malfunctions of the demo customer, reported through the API.
  const portal = await PortalSession.login(baseURL!);
  const machine = await machineWithReport(portal);
  await portal.dispose();
  const customer = await ApiSession.login(baseURL!, ACCOUNTS.customer);
  const report = (description: string) =>
    customer.send<OwnMalfunctionRow>('POST', `/api/machines/${machine.id}/malfunctions`, {
      description,
      urgency: 'normal',
    });
  const first = await report(unique('E2E: de band loopt scheef '));
  const second = await report(unique('E2E: de deur klemt '));
  await customer.dispose();

  await loginAsCustomer(page);
  await openFromMine(page, first);
  await expect(timeline(page)).toHaveCount(1);
  await expect(timeline(page).first()).toContainText('Storing gemeld');

  // A comment with a photo: typed, chosen, sent.
  const comment = unique('Nu maakt hij ook een piepend geluid ');
  const form = page.getByRole('form', { name: 'Reactie toevoegen' });
  await form.getByRole('textbox', { name: 'Reactie' }).fill(comment);
  await form.getByLabel('Foto bij reactie kiezen').setInputFiles(photo('geluid.png'));
  await expect(form.getByRole('img', { name: 'Foto 1: geluid.png' })).toBeVisible();
  await shoot(page, 'desk-comment-form');
  await form.getByRole('button', { name: 'Reactie versturen' }).click();
  await expectNotification(page, TEXT.commented);
  await expect(timeline(page)).toHaveCount(2);
  await expect(form.getByRole('textbox', { name: 'Reactie' })).toHaveValue('');
  await expect(form.getByRole('img')).toHaveCount(0);

  // After a reload the comment and its photo are read back from the server.
  await page.reload();
  await expect(timeline(page)).toHaveCount(2);
  const commented = timeline(page).nth(1);
  await expect(commented).toContainText('Reactie');
  await expect(commented).toContainText(comment);
  await commented.getByRole('button', { name: 'Foto bij reactie 1 vergroten' }).click();
  const large = page.getByRole('dialog', { name: 'Foto bij reactie 1 van 1' });
  await expect
    .poll(() =>
      large.getByRole('img', { name: 'Foto bij reactie 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await large.getByRole('button', { name: 'Sluiten' }).click();
  await expect(large).toBeHidden();

  // The office: a note for the customer and In behandeling, in one change.
  const note = unique('De monteur komt morgenochtend langs ');
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  await admin.send('PUT', `/api/malfunctions/${first.id}`, { status: 'in_progress', customer_note: note });
  await admin.dispose();

  // The customer sees both on the timeline ...
  await page.reload();
  await expect(timeline(page)).toHaveCount(4);
  await expect(timeline(page).nth(2)).toContainText('Status: In behandeling');
  await expect(timeline(page).nth(3)).toContainText(note);
  await expect(page.getByText('In behandeling', { exact: true }).first()).toBeVisible();
  await shoot(page, 'desk-malfunction');

  // ... and gets the mail (the app's outbox).
  await expect
    .poll(async () => (await mailsTo(ACCOUNTS.customer)).filter((m) => m.text.includes(note)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const mail = (await mailsTo(ACCOUNTS.customer)).find((m) => m.text.includes(note))!;
  expect(mail.subject).toMatch(/^Storing in behandeling: /);
  expect(mail.text).toContain(`/malfunctions/${first.id}`);

  // The other one is withdrawn with a reason (required; the dialog is the confirmation).
  await openFromMine(page, second);
  await page.getByRole('button', { name: TEXT.withdraw }).click();
  const dialog = page.getByRole('dialog', { name: TEXT.withdraw });
  await dialog.getByRole('button', { name: TEXT.withdraw }).click();
  await expect(dialog.getByText(TEXT.withdrawReasonRequired)).toBeVisible();
  const reason = 'De stekker zat los, hij doet het weer';
  await dialog.getByRole('textbox', { name: 'Reden' }).fill(reason);
  await shoot(page, 'desk-withdraw');
  await dialog.getByRole('button', { name: TEXT.withdraw }).click();
  await expectNotification(page, TEXT.withdrawn);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Ingetrokken', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(TEXT.closed)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reactie toevoegen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: TEXT.withdraw })).toHaveCount(0);
  await expect(timeline(page).last()).toContainText('Storing ingetrokken');
  await expect(timeline(page).last()).toContainText(reason);
});
