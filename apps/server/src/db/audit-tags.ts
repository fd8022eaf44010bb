import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { auditActor, type AuditActor } from './audit-actor';

/**
 * The audit triggers (migration 0040) name the user of a change from a comment at the start of
 * the statement (`kw-actor:12`, or `kw-actor:12:t3` for a request made with API token 3, between
 * comment marks), read with current_query(): every statement sent in a request's context
 * (db/audit-actor.ts) carries it, inside a transaction or not, at no extra round trip.
 * A statement the triggers run on their own (a refresh, a cascade) belongs to the statement that
 * caused it, whose text current_query() gives. A named prepared statement keeps its text (its
 * name is bound to it): those are reads.
 */
const actorTag = ({ userId, tokenId }: AuditActor) =>
  tokenId === null ? `/*kw-actor:${userId}*/ ` : `/*kw-actor:${userId}:t${tokenId}*/ `;

/** `text` with the current user's tag, when there is one. */
function tagged(text: string): string {
  const actor = auditActor();
  return actor === null ? text : actorTag(actor) + text;
}

/** PGlite: every statement, and those of its transactions, tagged. */
export function auditedPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    query(tagged(text), params, options)) as PGlite['query'];
  client.exec = ((text: string, options?: Parameters<PGlite['exec']>[1]) =>
    exec(tagged(text), options)) as PGlite['exec'];
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) =>
      work(
        Object.assign(Object.create(tx) as Transaction, {
          query: ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
            tx.query(tagged(text), params, options)) as Transaction['query'],
          exec: ((text: string, options?: Parameters<PGlite['exec']>[1]) =>
            tx.exec(tagged(text), options)) as Transaction['exec'],
        }),
      ),
    )) as PGlite['transaction'];
}

const TAGGED = '/*kw-actor:';

/**
 * `query`'s arguments with the statement tagged for `actor` (null: the system, tagged as such so
 * that nothing later tags it for another user); a named or submittable query is left as it is.
 */
function tagArgs(args: unknown[], actor: AuditActor | null): unknown[] {
  const tag = actor === null ? `${TAGGED}-*/ ` : actorTag(actor);
  const [q, ...rest] = args;
  if (typeof q === 'string') return q.startsWith(TAGGED) ? args : [tag + q, ...rest];
  const config = q as { text?: unknown; name?: unknown; submit?: unknown } | null;
  if (config && typeof config.text === 'string' && !config.name && typeof config.submit !== 'function') {
    return config.text.startsWith(TAGGED) ? args : [{ ...config, text: tag + config.text }, ...rest];
  }
  return args;
}

/**
 * PostgreSQL: every statement tagged in the context of its caller. `pool.query` tags before it
 * waits for a connection (pg-pool may hand it one from another request's callback), a
 * connection's own `query` (a transaction's, after `await pool.connect()`) when it is called.
 */
export function auditedPool(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => poolQuery(...tagArgs(args, auditActor()))) as typeof pool.query;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => query(...tagArgs(args, auditActor()))) as typeof client.query;
  });
}
