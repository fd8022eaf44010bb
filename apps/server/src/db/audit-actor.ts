import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the database writes of the current request are for: the audit triggers (migration 0040)
 * read the transaction-local setting `keurwijzer.actor`, which db/client.ts sets at the start of
 * every transaction from here. A request runs in its own context (plugins/audit-actor.ts); the
 * user is read when the transaction starts, so a login's writes are its new user's. Work outside
 * a request (mail queue, reminders, seed) has no actor: the system.
 */
const current = new AsyncLocalStorage<() => number | null>();

/** Runs `work` with `actor` telling the user of its writes. */
export const runAs = <T>(actor: () => number | null, work: () => T): T => current.run(actor, work);

/** The user of the current context's writes, or null (the system). */
export const auditActor = (): number | null => current.getStore()?.() ?? null;
