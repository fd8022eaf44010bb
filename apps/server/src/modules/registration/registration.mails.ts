import type { Mail } from '../../lib/mailer';

/** The e-mails of self-registration (Dutch, plain text like the invitation's). */

export const activationMail = (firstName: string, link: string): Omit<Mail, 'to'> => ({
  subject: 'Activeer je account bij Keurwijzer',
  text:
    `Beste ${firstName},\n\n` +
    `Je hebt een account aangemaakt bij Keurwijzer. Activeer het via de volgende link:\n\n${link}\n\n` +
    `De link is 72 uur geldig. Heb je geen account aangemaakt, dan kun je dit bericht negeren.\n`,
});

/** To the owner of an address someone tried to register with: nothing about the account changes. */
export const addressTakenMail = (firstName: string, appUrl: string): Omit<Mail, 'to'> => ({
  subject: 'Poging tot registratie bij Keurwijzer',
  text:
    `Beste ${firstName},\n\n` +
    `Iemand heeft geprobeerd een account bij Keurwijzer aan te maken met dit e-mailadres. ` +
    `Er bestaat al een account met dit adres, dus er is niets veranderd.\n\n` +
    `Was jij dit en weet je je wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan:\n\n${appUrl}/forgot-password\n\n` +
    `Was jij dit niet, dan kun je dit bericht negeren.\n`,
});

/** To the admins: a self-registered account is activated and waits to be linked to its customer. */
export const waitingAccountMail = (
  user: { firstName: string; preposition: string | null; lastName: string; email: string },
  appUrl: string,
): Omit<Mail, 'to'> => {
  const name = [user.firstName, user.preposition, user.lastName].filter(Boolean).join(' ');
  return {
    subject: `Nieuw account wacht op koppeling: ${name}`,
    text:
      `Er heeft zich een nieuwe gebruiker geregistreerd en het account geactiveerd:\n\n` +
      `${name} <${user.email}>\n\n` +
      `Koppel het account aan de juiste klant, daarna ziet de gebruiker de machines van die klant:\n\n` +
      `${appUrl}/admin/customer-users?without_customer=1\n`,
  };
};
