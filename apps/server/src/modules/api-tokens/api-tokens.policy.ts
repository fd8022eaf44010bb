import { assertCan, type Actor } from '../../lib/actor';

/**
 * Who has personal API tokens: office admins and customer users (`api.tokens`), each only their
 * own (the repository's queries are scoped to the actor).
 */
export const apiTokensPolicy = {
  assertOwn: (actor: Actor) => assertCan(actor, 'api.tokens'),
};
