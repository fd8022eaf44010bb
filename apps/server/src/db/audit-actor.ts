import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the database writes of the current request are for: db/client.ts tags every statement sent
 * in a request's context with this user, and the audit triggers (migration 0040) read the tag. A
 * request runs in its own context (plugins/audit-actor.ts); the user is read when a statement is
 * sent, so a login's writes are its new user's. Work outside a request (mail queue, reminders,
 * seed) has no actor: the system.
 */
const current = new AsyncLocalStorage<() => number | null>();

/** Runs `work` with `actor` telling the user of its writes. */
export const runAs = <T>(actor: () => number | null, work: () => T): T => current.run(actor, work);

/** The user of the current context's writes, or null (the system). */
export const auditActor = (): number | null => current.getStore()?.() ?? null;
