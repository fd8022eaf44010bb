import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/login';
import { ApiSession } from '../reports/helpers';
import {
  MALFUNCTION_TEXT,
  PNG_10X10,
  PortalSession,
  eachLook,
  loginAsCustomer,
  machineWithReport,
  chooseUrgency,
  malfunctionDialog,
  photo,
  shoot,
  type OwnMachineRow,
} from './helpers';

let machine: OwnMachineRow & { customer_id: number };
let reportId: number;

test.beforeAll(async ({ baseURL }) => {
  const customer = await PortalSession.login(baseURL!);
  machine = (await machineWithReport(customer, 'inspection')) as typeof machine;
  // A malfunction the office answered, so the screens show a status and a note.
  const reported = await customer.reportMalfunction(machine.id, 'Noodstop blijft hangen na indrukken', {
    remark: 'Alleen bij koude start',
    withPhoto: true,
  });
  await customer.reportMalfunction(machine.id, 'Olielekkage onder de machine');
  const detail = await customer.get<{ latest_reports: { inspection: { id: number } | null } }>(
    `/api/machines/${machine.id}`,
  );
  reportId = detail.latest_reports.inspection!.id;
  await customer.dispose();
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  await admin.send('PUT', `/api/malfunctions/${reported.id}`, {
    status: 'in_progress',
    customer_note: 'Monteur komt donderdag langs.',
  });
  await admin.upload(`/api/customers/${machine.customer_id}/machines/${machine.id}/images`, 'image', {
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: PNG_10X10,
  });
  await admin.dispose();
});

test("the customer portal's screens fit a phone and a desktop, light and dark", async ({ page }) => {
  test.setTimeout(240_000);
  await loginAsCustomer(page);
  // The confirmation without sending (the throttle counts real reports).
  await page.route(`**/api/machines/${machine.id}/malfunctions`, (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ data: {}, message: MALFUNCTION_TEXT.reported }),
    }),
  );
  await eachLook(page, async (look) => {
    await page.goto(`/machines?search=${encodeURIComponent(machine.name)}`);
    await expect(page.getByText(MALFUNCTION_TEXT.openMalfunction).first()).toBeVisible();
    await shoot(page, `machines-${look}`);

    await page.goto(`/machines/${machine.id}`);
    await expect(page.getByRole('region', { name: 'Storingen' })).toContainText('Monteur komt donderdag langs.');
    await shoot(page, `machine-${look}`);

    await page.getByRole('region', { name: 'Afbeeldingen' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
    await shoot(page, `image-${look}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
    const dialog = malfunctionDialog(page);
    await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill('Transportband stopt steeds na een paar minuten');
    await chooseUrgency(page, 'urgent');
    await dialog.getByLabel('Foto kiezen').setInputFiles([photo('1.png'), photo('2.png')]);
    await expect(dialog.getByRole('img')).toHaveCount(2);
    await shoot(page, `report-dialog-${look}`);
    await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
    const done = page.getByRole('dialog', { name: MALFUNCTION_TEXT.reported });
    await expect(done).toContainText(MALFUNCTION_TEXT.contact);
    await shoot(page, `reported-${look}`);
    await done.getByRole('button', { name: 'Sluiten' }).click();

    await page.goto(`/machines/${machine.id}/reports`);
    await expect(page.getByRole('table', { name: 'Rapporten' }).getByRole('row').nth(1)).toBeVisible();
    await shoot(page, `reports-${look}`);

    await page.goto(`/machines/${machine.id}/reports/${reportId}`);
    await expect(page.getByRole('button', { name: 'PDF downloaden' })).toBeVisible();
    await shoot(page, `report-${look}`);

    await page.goto('/malfunctions');
    await expect(page.getByText('Monteur komt donderdag langs.').first()).toBeVisible();
    // The office's status chip (outlined: its coloured text reaches AA on the paper in both schemes).
    for (const status of ['Open', 'In behandeling']) {
      const chip = page.locator('.MuiChip-outlined').filter({ has: page.getByText(status, { exact: true }) });
      await expect(chip.first()).toBeVisible();
    }
    await shoot(page, `malfunctions-${look}`);
  });
});
