import { ACCESS } from '@keurwijzer/shared/permissions';
import { accessPolicy } from '../../lib/actor';

/**
 * Who may see the mail queue and send a failed mail again: whoever manages users, reading too
 * (the mails are about accounts and the office's work, and carry addresses and links).
 */
export const mailsPolicy = accessPolicy({ read: ACCESS.users.write, write: ACCESS.users.write });
