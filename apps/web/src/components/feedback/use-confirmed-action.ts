import { errorMessage } from '../../lib/api-client';
import { useConfirm } from './confirm-dialog';
import type { ConfirmOptions } from './confirm-options';
import { useNotify } from './notifications';

/**
 * Asks first, then runs an action and notifies its result: the server's Dutch message on success,
 * the error otherwise. Resolves to the action's result, or undefined when cancelled or failed.
 */
export function useConfirmedAction() {
  const confirm = useConfirm();
  const notify = useNotify();
  return async function run<T extends { message?: string }>(
    ask: ConfirmOptions,
    action: () => Promise<T>,
  ): Promise<T | undefined> {
    if (!(await confirm(ask))) return undefined;
    try {
      const result = await action();
      if (result.message) notify(result.message);
      return result;
    } catch (err) {
      notify(errorMessage(err), 'error');
      return undefined;
    }
  };
}
