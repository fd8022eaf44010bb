import { z } from 'zod';
import { SORT_ORDERS, listQuerySchema } from './api';
import { MSG } from './validation';

/**
 * The app's e-mails as the admins see them: every mail goes through a queue
 * and is retried; one that keeps failing is listed here and can be sent again.
 *
 * - GET  /api/mails?status=failed   page of QueuedMail, query MailListQuery (users.manage)
 * - POST /api/mails/{id}/retry      queues a failed mail again: { data: QueuedMail, message }; 409 when not failed
 */

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'In de wachtrij',
  sent: 'Verstuurd',
  failed: 'Mislukt',
};

export const QueuedMailSchema = z.object({
  id: z.number().int(),
  /** What the mail is for, e.g. 'invitation', 'password_reset', 'malfunction_reported'. */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** Attempts made so far (each retry counts). */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
});
export type QueuedMail = z.infer<typeof QueuedMailSchema>;

export const MAIL_SORT_KEYS = ['created_at', 'to', 'subject', 'attempts'] as const;
/** GET /api/mails: newest first; search over recipient and subject; optionally one status. */
export const MailListQuerySchema = listQuerySchema(MAIL_SORT_KEYS, 'created_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MAIL_STATUSES, { error: MSG.invalidChoice }).optional(),
  });
export type MailListQuery = z.output<typeof MailListQuerySchema>;
export type MailListParams = z.input<typeof MailListQuerySchema>;

export const MAIL_TEXT = {
  title: 'Mislukte e-mails',
  retried: 'De e-mail wordt opnieuw verstuurd',
  notFailed: 'Deze e-mail is niet mislukt en kan niet opnieuw worden verstuurd.',
  retryConfirm: 'Deze e-mail opnieuw versturen?',
  retryButton: 'Opnieuw versturen',
} as const;
