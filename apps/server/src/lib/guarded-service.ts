import type { Permission } from '@keurwijzer/shared/permissions';
import { assertCan, type Actor } from './actor';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function's parameters and result
type Methods = Record<string, (...args: any[]) => unknown>;

/** The methods of `S`, each taking the actor first. */
export type Guarded<S extends Methods> = {
  [K in keyof S]: (actor: Actor, ...args: Parameters<S[K]>) => ReturnType<S[K]>;
};

/**
 * A service whose every method takes the actor and checks a permission before it runs: the
 * methods named in `reads` need `access.read`, every other one `access.write`. What may be done
 * with a resource is declared once, where the service is made, and no caller can skip it.
 */
export function guarded<S extends Methods>(
  service: S,
  access: { read: Permission; write: Permission },
  reads: readonly (keyof S)[],
): Guarded<S> {
  const readSet = new Set<keyof S>(reads);
  return Object.fromEntries(
    Object.entries(service).map(([name, method]) => [
      name,
      (actor: Actor, ...args: unknown[]) => {
        assertCan(actor, readSet.has(name) ? access.read : access.write);
        return method(...args);
      },
    ]),
  ) as unknown as Guarded<S>;
}
