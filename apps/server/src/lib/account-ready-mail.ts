import type { MailMessage } from './mail-templates';

/**
 * To a self-registered user whose account the office linked to its customer: the
 * account is ready, log in to see the customer's machines. Kind `account_ready`.
 */
export const accountReadyMail = (to: { firstName: string }, customerName: string, appUrl: string): MailMessage => ({
  subject: 'Je account bij Keurwijzer is klaar',
  body: [
    `Beste ${to.firstName},`,
    `Je account is gekoppeld aan ${customerName}. Je kunt nu inloggen en de machines, rapporten en storingen van ${customerName} bekijken.`,
    { link: `${appUrl}/login`, label: 'Inloggen' },
    'Heb je geen account aangemaakt, neem dan contact met ons op.',
  ],
});
