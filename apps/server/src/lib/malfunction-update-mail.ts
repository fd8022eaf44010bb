import { MALFUNCTION_STATUS_LABELS, type MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import type { MailMessage, MalfunctionMailFacts } from './mail-templates';

/*
 * The service desk's mails about one malfunction: to the reporting user, one mail per
 * change by the office (a status change, a new or changed note for the customer, or both at
 * once), and to the office, a customer's comment. The resolved mail (mail-templates.ts
 * resolvedMalfunctionMail) is the model: Opgelost keeps its subject and words.
 */

/** One change the reporter is told of: a status change, a note for them, or both. */
export type ReporterUpdate = {
  /** Set when the status changed. */
  status?: { from: MalfunctionStatus; to: MalfunctionStatus; reason: string | null };
  /** The new note for the customer, when it was set or changed (a cleared note is not mailed). */
  customerNote?: string;
};

/** What the reporter mail knows besides the mail facts: the submitted report, if any. */
export type ReporterMailFacts = MalfunctionMailFacts & { hasReport: boolean };

const subjectOf = (u: ReporterUpdate, machine: string): string => {
  switch (u.status?.to) {
    case 'resolved':
      return `Storing opgelost: ${machine}`;
    case 'in_progress':
      return `Storing in behandeling: ${machine}`;
    case 'open':
      return u.status.from === 'resolved' ? `Storing heropend: ${machine}` : `Storing weer open: ${machine}`;
    case 'withdrawn':
      return `Storing ingetrokken: ${machine}`;
    case undefined:
      return `Nieuw bericht over je storing: ${machine}`;
  }
};

const statusLine = (u: ReporterUpdate, f: ReporterMailFacts): string => {
  const what = `De storing die je meldde aan ${f.machineName} (${f.inventoryNumber})`;
  const to = u.status?.to;
  if (to === 'resolved') return `${what} is opgelost.`;
  if (to === 'open' && u.status?.from === 'resolved') return `${what} is heropend.`;
  if (to) return `${what} heeft nu de status ${MALFUNCTION_STATUS_LABELS[to]}.`;
  return `Er is een nieuw bericht over ${what.charAt(0).toLowerCase()}${what.slice(1)}.`;
};

/**
 * To the reporting user: what changed (the new status with the reason of a reopening, the note
 * for the customer), their own report and a link to the malfunction in the portal. Opgelost says
 * what the resolved mail said, and mentions the submitted report when there is one.
 */
export function reporterUpdateMail(f: ReporterMailFacts, u: ReporterUpdate, appUrl: string): MailMessage {
  const note = u.customerNote ?? (u.status?.to === 'resolved' ? f.customerNote : null);
  return {
    subject: subjectOf(u, f.machineName),
    body: [
      `Beste ${f.reporterName ?? 'klant'},`,
      statusLine(u, f),
      ...(u.status?.reason ? [`Reden:\n${u.status.reason}`] : []),
      ...(note ? [`Toelichting:\n${note}`] : []),
      ...(u.status?.to === 'resolved' && f.hasReport
        ? ['Het rapport van de werkzaamheden staat bij de storing; je kunt het daar als PDF openen.']
        : []),
      `Jouw melding:\n${f.description}`,
      'Bekijk de storing:',
      { link: `${appUrl}/malfunctions/${f.id}`, label: 'Storing bekijken' },
      'Wil je deze e-mails niet meer ontvangen? Zet ze uit in je profiel.',
    ],
  };
}

/** To the office: a customer user commented on a malfunction (with a photo or not). */
export function malfunctionCommentMail(
  f: MalfunctionMailFacts,
  comment: { by: string; text: string | null; photo: boolean },
  appUrl: string,
): MailMessage {
  return {
    subject: `Reactie op storing: ${f.machineName} (${f.customerName})`,
    body: [
      `${comment.by} heeft gereageerd op een storing.`,
      {
        facts: [
          ['Klant', f.customerName],
          ['Machine', `${f.machineName} (${f.inventoryNumber})`],
          ['Plaats', f.place],
        ],
      },
      ...(comment.text ? [`Reactie:\n${comment.text}`] : []),
      ...(comment.photo ? ['Er is een foto bijgevoegd.'] : []),
      'Bekijk de storing:',
      { link: `${appUrl}/admin/malfunctions/${f.id}`, label: 'Storing bekijken' },
    ],
  };
}
