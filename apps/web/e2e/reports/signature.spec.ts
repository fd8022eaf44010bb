import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { PHONE, checkScreen, eachLook } from '../support/looks';
import {
  ApiSession,
  createQuestionnaire,
  drawSignature,
  drawSignatureByTouch,
  fillReport,
  planReport,
  signatureDialog,
  signaturePad,
  type PlannedReport,
} from './helpers';

/**
 * At 390 px: "Rapport afronden" asks for the mechanic's signature (required, the
 * name prefilled) and optionally the customer contact's name and signature, in one full-screen
 * dialog; the submitted report shows both, and so does its PDF (pdftotext for the names,
 * pdfimages for the two images).
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE, hasTouch: true });

const CUSTOMER = `Karin ${unique('Klant')}`;
/** The texts of SIGNATURE_TEXT (packages/shared/src/reports.ts), word for word. */
const TEXT = {
  signHere: 'Zet je handtekening',
  customerNameRequired: 'Vul de naam van de contactpersoon in',
  submitConfirm: 'Weet je zeker dat je dit rapport wilt afronden? Daarna kan het niet meer worden gewijzigd.',
};

let report: PlannedReport;

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E handtekening ${id}`, 'maintenance', [
    { name: `Algemeen ${id}`, questions: 2 },
  ]);
  report = await planReport(admin, mechanic, questionnaire, `Lintzaag ${id}`);
  await fillReport(mechanic, report.reportId, {});
  await admin.dispose();
  await mechanic.dispose();
});

test('the mechanic and the customer sign at "Rapport afronden"; the report and its PDF show both', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rapport ${report.machineName}` })).toBeVisible();
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();

  // One dialog: the verdict line as the confirmation said it, full screen on the phone, the
  // focus in the mechanic's name (prefilled), Escape cancels.
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  const dialog = signatureDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Oordeel: Goedgekeurd. ${TEXT.submitConfirm}`);
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(PHONE.width);
  expect(box?.height).toBe(PHONE.height);
  const mechanicName = dialog.getByRole('textbox', { name: 'Naam monteur' });
  await expect(mechanicName).toBeFocused();
  const name = await mechanicName.inputValue();
  expect(name.trim().length).toBeGreaterThan(0);
  // Keyboard: from the name on to the pad's "Wissen", then the customer's name.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Wissen' }).first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Naam contactpersoon klant' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rapport afronden' })).toBeEnabled();

  // Without a signature: refused in the dialog, in Dutch.
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  await dialog.getByRole('button', { name: 'Afronden' }).click();
  await expect(dialog.getByText(TEXT.signHere)).toBeVisible();
  await expect(dialog).toBeVisible();
  await eachLook(page, (look) => checkScreen(page, `signature-dialog-${look}`));
  await page.setViewportSize(PHONE);

  // The mechanic signs with the mouse; "Wissen" clears, and signing again is needed.
  await drawSignature(page, signaturePad(page, 'monteur'));
  await dialog.getByRole('button', { name: 'Wissen' }).first().click();
  await dialog.getByRole('button', { name: 'Afronden' }).click();
  await expect(dialog.getByText(TEXT.signHere)).toBeVisible();
  await drawSignature(page, signaturePad(page, 'monteur'));
  await expect(dialog.getByText(TEXT.signHere)).toBeHidden();

  // The customer signs without a name: the name is asked for.
  await drawSignature(page, signaturePad(page, 'klant'));
  await dialog.getByRole('button', { name: 'Afronden' }).click();
  await expect(dialog.getByText(TEXT.customerNameRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Naam contactpersoon klant' }).fill(CUSTOMER);
  await dialog.getByRole('button', { name: 'Afronden' }).click();
  await expectNotification(page, 'Rapport ingediend');
  await expect(dialog).toBeHidden();

  // The submitted report shows both signatures, with their names and images.
  const signatures = page.getByRole('region', { name: 'Ondertekening' });
  await expect(signatures).toBeVisible();
  for (const [label, who] of [
    ['Handtekening monteur', name],
    ['Handtekening klant', CUSTOMER],
  ] as const) {
    const image = signatures.getByRole('img', { name: `${label}: ${who}` });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(signatures.getByText(who, { exact: true })).toBeVisible();
  }

  // The PDF: both names under their headings, and the two images.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF downloaden' }).click();
  const file = await (await download).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  for (const s of ['Handtekening monteur', 'Handtekening klant', name, CUSTOMER]) expect(text, s).toContain(s);
  expect(text).not.toContain('Niet ondertekend');
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '');
  expect(images).toHaveLength(2);
});

test('the customer reads the signed report in the portal', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer);
  await page.goto(`/machines/${report.machineId}/reports/${report.reportId}`);
  const signatures = page.getByRole('region', { name: 'Ondertekening' });
  await expect(signatures).toBeVisible();
  const image = signatures.getByRole('img', { name: `Handtekening klant: ${CUSTOMER}` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('a finger\'s quick signature, then one tap on "Afronden": the report is submitted (three reports in a row)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E vinger ${id}`, 'maintenance', [
    { name: `Algemeen ${id}`, questions: 1 },
  ]);
  await loginAs(page, ACCOUNTS.mechanic);
  for (let n = 1; n <= 3; n++) {
    const planned = await planReport(admin, mechanic, questionnaire, `Vingerboor ${n} ${id}`);
    await fillReport(mechanic, planned.reportId, {});
    await page.goto(`/mechanic/report/${planned.reportId}`);
    await page.getByRole('button', { name: 'Rapport afronden' }).tap();
    // At once, as a person signs: no waiting for the dialog to settle.
    const pad = signaturePad(page, 'monteur');
    await expect(pad).toBeVisible();
    await drawSignatureByTouch(page, pad);
    await signatureDialog(page).getByRole('button', { name: 'Afronden' }).tap();
    await expect(signatureDialog(page)).toBeHidden();
    await expect(page.getByText(/Rapport ingediend door/)).toBeVisible();
    const read = await mechanic.get<{ status: string; signatures: { role: string }[] }>(
      `/api/reports/${planned.reportId}`,
    );
    expect(read).toMatchObject({ status: 'submitted', signatures: [{ role: 'mechanic' }] });
  }
  await admin.dispose();
  await mechanic.dispose();
});
