import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the database writes of the current request are for: db/audit-tags.ts tags every statement
 * sent in a request's context with this user, and the audit triggers (migration 0040) read the tag. A
 * request runs in its own context (plugins/audit-actor.ts); the user is read when a statement is
 * sent, so a login's writes are its new user's. Work outside a request (mail queue, reminders,
 * seed) has no actor: the system.
 */
export type AuditActor = {
  userId: number;
  /** The personal API token the request was made with (null: a session). */
  tokenId: number | null;
};

const current = new AsyncLocalStorage<() => AuditActor | null>();

/** Runs `work` with `actor` telling the user (and API token) of its writes. */
export const runAs = <T>(actor: () => AuditActor | null, work: () => T): T => current.run(actor, work);

/** The user (and API token) of the current context's writes, or null (the system). */
export const auditActor = (): AuditActor | null => current.getStore()?.() ?? null;
