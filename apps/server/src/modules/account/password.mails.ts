import { PASSWORD_RESET_MINUTES } from '@keurwijzer/shared/account';
import type { Company } from '../../config';
import type { Mail } from '../../lib/mailer';

type Recipient = { firstName: string };
type Content = Omit<Mail, 'to'>;

/** Escapes a text for the HTML part (names and the company are typed in by people). */
const html = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paragraphs as plain text and as simple HTML; a paragraph given as `{ link }` becomes a link. */
function compose(subject: string, paragraphs: (string | { link: string })[]): Content {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n') + '\n';
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${html(p).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${html(p.link)}">${html(p.link)}</a></p>`,
    )
    .join('\n');
  return {
    subject,
    text,
    html: `<!doctype html>\n<html lang="nl"><body style="font-family: Arial, sans-serif; line-height: 1.5">\n${body}\n</body></html>\n`,
  };
}

/** The reset link (spec section 8: says how long it is valid, and that it can be ignored). */
export function resetMail(to: Recipient, link: string, company: Company): Content {
  return compose(`Nieuw wachtwoord instellen voor ${company.name}`, [
    `Beste ${to.firstName},`,
    `Er is gevraagd om een nieuw wachtwoord voor je account bij ${company.name}. Via de volgende link stel je een nieuw wachtwoord in:`,
    { link },
    `Deze link is ${PASSWORD_RESET_MINUTES} minuten geldig en werkt één keer.`,
    'Heb je dit niet aangevraagd, dan kun je deze e-mail negeren: je wachtwoord blijft dan ongewijzigd.',
    `Met vriendelijke groet,\n${company.name}`,
  ]);
}

/** To an invited user who never activated and asks for a reset: the invitation is the way in. */
export function notActivatedMail(to: Recipient, company: Company): Content {
  return compose(`Je account bij ${company.name} is nog niet geactiveerd`, [
    `Beste ${to.firstName},`,
    `Er is gevraagd om een nieuw wachtwoord voor je account bij ${company.name}, maar je account is nog niet geactiveerd. Kies een wachtwoord via de link in je uitnodiging, of vraag de beheerder om een nieuwe uitnodiging als die link verlopen is.`,
    'Heb je dit niet aangevraagd, dan kun je deze e-mail negeren.',
    `Met vriendelijke groet,\n${company.name}`,
  ]);
}
