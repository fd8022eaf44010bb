import { BRAND } from '@keurwijzer/shared/brand';
import { PASSWORD_RESET_MINUTES } from '@keurwijzer/shared/account';
import { MALFUNCTION_URGENCY_LABELS } from '@keurwijzer/shared/malfunctions';
import type { Company } from './company';
import { dutchDateTime } from './dutch-time';
import { escapeHtml } from './html';

/**
 * Every e-mail of the app, in Dutch: what each one says (the templates below) and how it looks
 * (`renderMail`: plain text and simple inline-styled HTML with the company in the footer). A
 * template gives the subject and the body as blocks; the mail queue (lib/mail-queue.ts) renders
 * them with the company when the mail is queued, so services never build HTML.
 */

/** A paragraph (line breaks kept), a button-like link, or a list of `label: value` lines. */
export type MailBlock = string | { link: string; label: string } | { facts: [label: string, value: string][] };

/** What a template gives: the subject and the blocks of the body. */
export type MailMessage = { subject: string; body: MailBlock[] };

/** A mail as sent: plain text and HTML. */
export type RenderedMail = { subject: string; text: string; html: string };

/** The theme's primary colour (spec section 9). */
const PRIMARY = BRAND.red;

const paragraphHtml = (text: string) => `<p style="margin: 0 0 16px">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('link' in block) return block.link;
  return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return paragraphHtml(block);
  if ('link' in block) {
    const href = escapeHtml(block.link);
    return (
      `<p style="margin: 24px 0">` +
      `<a href="${href}" style="display: inline-block; padding: 12px 20px; background: ${PRIMARY}; color: #ffffff; ` +
      `text-decoration: none; border-radius: 4px; font-weight: bold">${escapeHtml(block.label)}</a></p>\n` +
      `<p style="margin: 0 0 16px; font-size: 13px; color: #555555">Werkt de knop niet? Kopieer dan deze link in je browser:<br>` +
      `<a href="${href}" style="color: ${PRIMARY}; word-break: break-all">${href}</a></p>`
    );
  }
  const rows = block.facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding: 2px 12px 2px 0; color: #555555; vertical-align: top">${escapeHtml(label)}</td>` +
        `<td style="padding: 2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table style="margin: 0 0 16px; border-collapse: collapse">${rows}</table>`;
}

/** The mail as plain text and HTML, with the company's name, address and contact in the footer. */
export function renderMail(message: MailMessage, company: Company): RenderedMail {
  const footerLines = [company.name, company.address, company.contact].filter(Boolean);
  const text = [...message.body.map(blockText), `--\n${footerLines.join('\n')}`].join('\n\n') + '\n';
  const html =
    `<!doctype html>\n<html lang="nl">\n<head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>\n` +
    `<body style="margin: 0; padding: 0; background: #f4f4f4">\n` +
    `<div style="max-width: 600px; margin: 0 auto; padding: 24px; background: #ffffff; ` +
    `font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #222222">\n` +
    `<div style="border-bottom: 3px solid ${PRIMARY}; padding-bottom: 8px; margin-bottom: 24px; font-weight: bold; font-size: 18px">` +
    `${escapeHtml(company.name)}</div>\n` +
    message.body.map(blockHtml).join('\n') +
    `\n<div style="border-top: 1px solid #dddddd; margin-top: 32px; padding-top: 12px; font-size: 12px; color: #777777">` +
    footerLines.map(escapeHtml).join('<br>') +
    `</div>\n</div>\n</body>\n</html>\n`;
  return { subject: message.subject, text, html };
}

const fullName = (p: { firstName: string; preposition?: string | null; lastName: string }) =>
  [p.firstName, p.preposition, p.lastName].filter(Boolean).join(' ');

// ---- Accounts -------------------------------------------------------------------------------

/** An admin created an account: choose a password through the link (72 hours). */
export const invitationMail = (to: { firstName: string }, link: string): MailMessage => ({
  subject: 'Uitnodiging voor Keurwijzer',
  body: [
    `Beste ${to.firstName},`,
    'Er is een account voor je aangemaakt in Keurwijzer. Kies via de volgende link een wachtwoord om je account te activeren:',
    { link, label: 'Wachtwoord kiezen' },
    'De link is 72 uur geldig. Heb je deze uitnodiging niet verwacht, dan kun je dit bericht negeren.',
  ],
});

/** Self-registration: activate the new account through the link (72 hours). */
export const activationMail = (firstName: string, link: string): MailMessage => ({
  subject: 'Activeer je account bij Keurwijzer',
  body: [
    `Beste ${firstName},`,
    'Je hebt een account aangemaakt bij Keurwijzer. Activeer het via de volgende link:',
    { link, label: 'Account activeren' },
    'De link is 72 uur geldig. Heb je geen account aangemaakt, dan kun je dit bericht negeren.',
  ],
});

/** To the owner of an address someone tried to register with: nothing about the account changes. */
export const addressTakenMail = (firstName: string, appUrl: string): MailMessage => ({
  subject: 'Poging tot registratie bij Keurwijzer',
  body: [
    `Beste ${firstName},`,
    'Iemand heeft geprobeerd een account bij Keurwijzer aan te maken met dit e-mailadres. ' +
      'Er bestaat al een account met dit adres, dus er is niets veranderd.',
    'Was jij dit en weet je je wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan:',
    { link: `${appUrl}/forgot-password`, label: 'Nieuw wachtwoord aanvragen' },
    'Was jij dit niet, dan kun je dit bericht negeren.',
  ],
});

/** To the admins: a self-registered account is activated and waits to be linked to its customer. */
export const waitingAccountMail = (
  user: {
    firstName: string;
    preposition: string | null;
    lastName: string;
    email: string;
    /** What a self-registered user said of their company; absent for a Google sign-in. */
    companyName?: string | null;
    givenCustomerNumber?: string | null;
  },
  appUrl: string,
): MailMessage => {
  const name = fullName(user);
  const company: [string, string][] = [];
  if (user.companyName) company.push(['Bedrijfsnaam', user.companyName]);
  if (user.givenCustomerNumber) company.push(['Klantnummer', user.givenCustomerNumber]);
  return {
    subject: `Nieuw account wacht op koppeling: ${name}`,
    body: [
      'Er heeft zich een nieuwe gebruiker geregistreerd en het account geactiveerd:',
      `${name} <${user.email}>`,
      ...(company.length > 0 ? [{ facts: company }] : []),
      'Koppel het account aan de juiste klant, daarna ziet de gebruiker de machines van die klant:',
      { link: `${appUrl}/admin/customer-users?without_customer=1`, label: 'Account koppelen' },
    ],
  };
};

/** The reset link (spec section 8: says how long it is valid, and that it can be ignored). */
export const resetMail = (to: { firstName: string }, link: string, company: Company): MailMessage => ({
  subject: `Nieuw wachtwoord instellen voor ${company.name}`,
  body: [
    `Beste ${to.firstName},`,
    `Voor je account bij ${company.name} is een nieuw wachtwoord aangevraagd. Via de volgende link stel je een nieuw wachtwoord in:`,
    { link, label: 'Nieuw wachtwoord instellen' },
    `Deze link is ${PASSWORD_RESET_MINUTES} minuten geldig en werkt één keer.`,
    'Heb je dit niet aangevraagd, dan kun je deze e-mail negeren: je wachtwoord blijft dan ongewijzigd.',
    `Met vriendelijke groet,\n${company.name}`,
  ],
});

/** An admin turned the user's two-factor sign-in off (POST /api/users/:id/reset-two-factor). */
export const twoFactorResetMail = (to: { firstName: string }, appUrl: string, company: Company): MailMessage => ({
  subject: `Tweestapsverificatie uitgeschakeld bij ${company.name}`,
  body: [
    `Beste ${to.firstName},`,
    `Een beheerder heeft de tweestapsverificatie van je account bij ${company.name} uitgeschakeld. Je bent overal uitgelogd. Log opnieuw in met je wachtwoord en stel tweestapsverificatie opnieuw in:`,
    { link: `${appUrl}/login`, label: 'Inloggen' },
    'Weet je niet waarom dit is gebeurd? Neem dan direct contact met ons op.',
    `Met vriendelijke groet,\n${company.name}`,
  ],
});

/** To an invited user who never activated and asks for a reset: the invitation is the way in. */
export const notActivatedMail = (to: { firstName: string }, company: Company): MailMessage => ({
  subject: `Je account bij ${company.name} is nog niet geactiveerd`,
  body: [
    `Beste ${to.firstName},`,
    `Er is gevraagd om een nieuw wachtwoord voor je account bij ${company.name}, maar je account is nog niet geactiveerd. Kies een wachtwoord via de link in je uitnodiging, of vraag de beheerder om een nieuwe uitnodiging als die link verlopen is.`,
    'Heb je dit niet aangevraagd, dan kun je deze e-mail negeren.',
    `Met vriendelijke groet,\n${company.name}`,
  ],
});

// ---- Malfunctions ---------------------------------------------------------------------------

/** What the malfunction mails tell (malfunctions.presenter.ts reads them in one query). */
export type MalfunctionMailFacts = {
  id: number;
  customerName: string;
  machineName: string;
  inventoryNumber: string;
  place: string;
  description: string;
  remark: string | null;
  reporterName: string | null;
  reporterEmail: string | null;
  reporterActive: boolean;
  customerNote: string | null;
  /** "Machine staat stil", "Bereikbaar op" and the response deadline (ISO). */
  urgent: boolean;
  contactPhone: string | null;
  respondBy: string | null;
};

/**
 * The new malfunction mail for the office: an urgent one ("Machine staat stil") says so first in
 * its subject ("SPOED: "), and the facts give the urgency, the number to call back and the
 * response deadline in Dutch time.
 */
export const newMalfunctionMail = (f: MalfunctionMailFacts, appUrl: string): MailMessage => ({
  subject: `${f.urgent ? 'SPOED: ' : ''}Nieuwe storing: ${f.machineName} (${f.customerName})`,
  body: [
    f.urgent ? 'Er is een nieuwe storing gemeld: de machine staat stil.' : 'Er is een nieuwe storing gemeld.',
    {
      facts: [
        ['Klant', f.customerName],
        ['Machine', `${f.machineName} (${f.inventoryNumber})`],
        ['Plaats', f.place],
        ['Urgentie', MALFUNCTION_URGENCY_LABELS[f.urgent ? 'urgent' : 'normal']],
        ['Gemeld door', f.reporterName ?? 'onbekend'],
        ...(f.contactPhone ? [['Bereikbaar op', f.contactPhone] as [string, string]] : []),
        ...(f.respondBy ? [['Reactie vóór', dutchDateTime(new Date(f.respondBy))] as [string, string]] : []),
      ],
    },
    `Omschrijving:\n${f.description}`,
    ...(f.remark ? [`Opmerking: ${f.remark}`] : []),
    'Bekijk de storing:',
    { link: `${appUrl}/admin/malfunctions/${f.id}`, label: 'Storing bekijken' },
  ],
});

/** The mail to the reporting user when the malfunction is resolved. */
export const resolvedMalfunctionMail = (f: MalfunctionMailFacts, appUrl: string): MailMessage => ({
  subject: `Storing opgelost: ${f.machineName}`,
  body: [
    `Beste ${f.reporterName ?? 'klant'},`,
    `De storing die je meldde aan ${f.machineName} (${f.inventoryNumber}) is opgelost.`,
    `Jouw melding:\n${f.description}`,
    ...(f.customerNote ? [`Toelichting:\n${f.customerNote}`] : []),
    'Bekijk je storingen:',
    { link: `${appUrl}/malfunctions`, label: 'Mijn storingen' },
  ],
});
