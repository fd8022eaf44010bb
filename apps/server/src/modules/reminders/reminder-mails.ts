import type { MailBlock, MailMessage } from '../../lib/mail-templates';
import { dutchDay } from '../../lib/dutch-time';
import type { ReminderCustomer, ReminderMachine } from './reminders.repository';

/*
 * The reminder mails' texts (Dutch, "je"), as blocks for lib/mail-templates.ts's renderMail (the
 * queue renders plain text and escaped HTML with the company's footer): per customer a line with
 * its counts, a table of its first machines (name, inventory number, machine type, due date or
 * Afgekeurd) with "en nog N" below, and a link into the app. Every reminder ends with how to turn
 * it off (the switch "Herinneringsmails ontvangen" on the profile).
 */

/** The profile switch's label (packages/shared/src/profile.ts has the same text for the screen). */
const SWITCH = 'Herinneringsmails ontvangen';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 afgekeurd, 3 verlopen, 5 binnenkort" (only the non-zero counts). */
function countsLine(c: ReminderCustomer, soonLabel: string): string {
  return [
    c.rejected ? `${c.rejected} afgekeurd` : null,
    c.overdue ? `${c.overdue} verlopen` : null,
    c.dueSoon ? `${c.dueSoon} ${soonLabel}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What a machine's row says of its due state. */
export function dueText(m: ReminderMachine): string {
  if (m.state === 'rejected') return 'Afgekeurd';
  const day = m.dueDate ? dutchDay(m.dueDate) : '';
  return m.state === 'overdue' ? `Verlopen (keuren vóór ${day})` : `Keuren vóór ${day}`;
}

/** The customer's machines as a table (label: "name (inventory number)", value: "type · state"). */
function machineRows(c: ReminderCustomer): MailBlock[] {
  const blocks: MailBlock[] = [
    {
      facts: c.machines.map((m): [string, string] => [
        `${m.name} (${m.inventoryNumber})`,
        [m.machineType, dueText(m)].filter(Boolean).join(' · '),
      ]),
    },
  ];
  const more = c.total - c.machines.length;
  if (more > 0) blocks.push(`En nog ${count(more, 'machine', 'machines')}.`);
  return blocks;
}

const optOut = (appUrl: string, when: string) =>
  `Je krijgt deze herinnering ${when} omdat "${SWITCH}" aan staat in je profiel. ` +
  `Wil je deze e-mails niet meer ontvangen? Zet de schakelaar dan uit op ${appUrl}/profile.`;

/** The office's week: ISO week number of a period "2026-W48". */
const weekOf = (period: string) => Number(period.split('-W')[1]);

/** The weekly mail to the office: overdue, rejected and due within `days` days, per customer. */
export function officeReminderMail(args: {
  firstName: string;
  period: string;
  until: string;
  days: number;
  customers: ReminderCustomer[];
  totalCustomers: number;
  appUrl: string;
}): MailMessage {
  const { customers, appUrl } = args;
  const sum = (key: 'rejected' | 'overdue' | 'dueSoon') => customers.reduce((n, c) => n + c[key], 0);
  const weeks = Math.round(args.days / 7);
  const soonLabel = `binnen ${weeks} weken`;
  const totals = [`${sum('overdue')} verlopen`, `${sum('rejected')} afgekeurd`, `${sum('dueSoon')} ${soonLabel}`].join(
    ', ',
  );
  const body: MailBlock[] = [
    `Beste ${args.firstName},`,
    `Dit is het overzicht van week ${weekOf(args.period)}: de machines waarvan de keuring verlopen is, die ` +
      `afgekeurd zijn of die in de komende ${weeks} weken (tot en met ${dutchDay(args.until)}) gekeurd moeten ` +
      `worden, per klant.`,
  ];
  for (const c of customers) {
    body.push(`${c.name}: ${countsLine(c, soonLabel)}`);
    body.push(...machineRows(c));
    body.push({ link: `${appUrl}/admin/due?customer_id=${c.id}`, label: `Keuringsplanning van ${c.name}` });
  }
  const moreCustomers = args.totalCustomers - customers.length;
  if (moreCustomers > 0) {
    body.push(`En nog ${count(moreCustomers, 'klant', 'klanten')} met machines die gekeurd moeten worden:`);
    body.push({ link: `${appUrl}/admin/due`, label: 'Keuringsplanning bekijken' });
  }
  body.push(optOut(appUrl, 'elke maandag'));
  return { subject: `Keuringen week ${weekOf(args.period)}: ${totals}`, body };
}

/** The monthly mail to a customer user: its customer's rejected, overdue and soon due machines. */
export function customerReminderMail(args: {
  firstName: string;
  customer: ReminderCustomer;
  appUrl: string;
}): MailMessage {
  const { customer: c, appUrl } = args;
  const urgent = c.rejected + c.overdue;
  return {
    subject: `Herinnering: ${count(urgent, 'machine', 'machines')} verlopen of afgekeurd`,
    body: [
      `Beste ${args.firstName},`,
      `Van ${count(urgent, 'machine', 'machines')} van ${c.name} is de keuring verlopen of is de machine ` +
        `afgekeurd (${countsLine(c, 'binnenkort')}). Laat deze machines zo snel mogelijk (her)keuren: neem ` +
        'contact met ons op om een keuring in te plannen.',
      ...machineRows(c),
      { link: `${appUrl}/machines`, label: 'Mijn machines bekijken' },
      optOut(appUrl, 'elke maand'),
    ],
  };
}
