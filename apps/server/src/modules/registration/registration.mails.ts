/** The e-mails of self-registration now live with every other mail in lib/mail-templates.ts. */
export { activationMail, addressTakenMail, waitingAccountMail } from '../../lib/mail-templates';
