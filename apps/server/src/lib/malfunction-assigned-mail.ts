import type { MailMessage } from './mail-templates';

/** What the assignment mail tells (malfunctions-assigned.repository.ts reads it in one query). */
export type AssignedMailFacts = {
  id: number;
  assigneeEmail: string;
  assigneeFirstName: string;
  /** A mechanic opens it under "Mijn storingen", an admin in the office's screen. */
  assigneeRole: 'super_admin' | 'admin' | 'mechanic';
  customerName: string;
  machineName: string;
  inventoryNumber: string;
  place: string;
  description: string;
  urgent: boolean;
  contactPhone: string | null;
  assignedByName: string | null;
};

/** Where the assignee opens the malfunction: a mechanic's "Mijn storingen", else the office's screen. */
export const assignedMalfunctionLink = (f: Pick<AssignedMailFacts, 'id' | 'assigneeRole'>, appUrl: string) =>
  f.assigneeRole === 'mechanic' ? `${appUrl}/mechanic/malfunctions/${f.id}` : `${appUrl}/admin/malfunctions/${f.id}`;

/** The mail to the user a malfunction was assigned to: which machine of which customer, and a link. */
export const assignedMalfunctionMail = (f: AssignedMailFacts, appUrl: string): MailMessage => ({
  subject: `${f.urgent ? 'Spoed: ' : ''}Storing aan je toegewezen: ${f.machineName} (${f.customerName})`,
  body: [
    `Beste ${f.assigneeFirstName},`,
    f.assignedByName
      ? `${f.assignedByName} heeft een storing aan je toegewezen.`
      : 'Er is een storing aan je toegewezen.',
    {
      facts: [
        ['Klant', f.customerName],
        ['Machine', `${f.machineName} (${f.inventoryNumber})`],
        ['Plaats', f.place],
        ...(f.urgent ? ([['Urgentie', 'Machine staat stil']] as [string, string][]) : []),
        ...(f.contactPhone ? ([['Bereikbaar op', f.contactPhone]] as [string, string][]) : []),
      ],
    },
    `Omschrijving:\n${f.description}`,
    { link: assignedMalfunctionLink(f, appUrl), label: 'Storing bekijken' },
  ],
});
