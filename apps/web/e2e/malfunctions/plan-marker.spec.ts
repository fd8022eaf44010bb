import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { DESKTOP, PHONE, createMalfunction } from '../portal/helpers';
import {
  DEMO_CUSTOMER,
  DEMO_LOCATION,
  candidates,
  createTasklist,
  expectNotification,
  planned,
} from '../tasklists/helpers';

type Candidate = {
  id: number;
  inventory_number: string;
  status: string;
  plannable: boolean;
  open_malfunctions: number;
};

test('a mechanic planning a task list sees which machines have an open malfunction, at 390 and 1440 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await loginAs(page, ACCOUNTS.mechanic);
  const id = await createTasklist(page, {
    customer: DEMO_CUSTOMER,
    location: DEMO_LOCATION,
    type: 'Keuring',
    date: '2026-08-03',
    remarks: unique('E2E open storing '),
  });
  // Two plannable machines in use without a malfunction: one gets one from the customer.
  const res = await page.request.get(`/api/tasklists/${id}/candidates`);
  const all = ((await res.json()) as { data: Candidate[] }).data;
  const [broken, fine] = all.filter((c) => c.status === 'active' && c.plannable && c.open_malfunctions === 0);
  expect(broken && fine, 'two plannable demo machines without a malfunction').toBeTruthy();
  await createMalfunction(baseURL!, unique('E2E storing bij het plannen '), { machineId: broken!.id });
  await page.reload();

  // The desktop's table: the machine's row carries the marker, another machine's does not.
  const table = page.getByRole('table', { name: 'Machines op deze vestiging' });
  const row = (inventory: string) => table.getByRole('row').filter({ hasText: inventory });
  await expect(row(broken!.inventory_number)).toContainText('Open storing');
  await expect(row(fine!.inventory_number)).not.toContainText('Open storing');

  // The phone's cards too.
  await page.setViewportSize(PHONE);
  const card = (inventory: string) => candidates(page).getByRole('listitem').filter({ hasText: inventory });
  await expect(card(broken!.inventory_number)).toContainText('Open storing');
  await expect(card(fine!.inventory_number)).not.toContainText('Open storing');
  await card(broken!.inventory_number).scrollIntoViewIfNeeded();
  if (!process.env.CI) await page.screenshot({ path: '/tmp/shots/malfunctions-plan-marker-390.png' });

  // Planned, the machine keeps it.
  await page.setViewportSize(DESKTOP);
  await row(broken!.inventory_number).getByRole('checkbox').check();
  await row(fine!.inventory_number).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Inplannen (2)' }).click();
  await expectNotification(page, '2 machines ingepland');
  await expect(planned(page).filter({ hasText: broken!.inventory_number })).toContainText('Open storing');
  await expect(planned(page).filter({ hasText: fine!.inventory_number })).not.toContainText('Open storing');
  if (!process.env.CI) await page.screenshot({ path: '/tmp/shots/malfunctions-plan-marker-1440.png', fullPage: true });
});
