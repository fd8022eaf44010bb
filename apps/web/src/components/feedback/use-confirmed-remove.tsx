import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { errorMessage, type ApiResult } from '../../lib/api-client';
import { useConfirm } from './confirm-dialog';
import { useNotify } from './notifications';

/**
 * Delete with a confirmation first. Success is notified; a refusal (409: the item is in use)
 * stays on screen with the server's explanation (`problem`) until dismissed or the next try.
 */
export function useConfirmedRemove<T extends { id: number }>(opts: {
  title: string;
  message: (item: T) => string;
  remove: (id: number) => Promise<ApiResult<null>>;
}) {
  const confirm = useConfirm();
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);

  const onRemove = async (item: T) => {
    setProblem(null);
    const ok = await confirm({
      title: opts.title,
      message: opts.message(item),
      confirmLabel: 'Verwijderen',
      destructive: true,
    });
    if (!ok) return;
    try {
      const res = await opts.remove(item.id);
      if (res.message) notify(res.message);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  const problemAlert = problem ? (
    <Alert severity="warning" onClose={() => setProblem(null)} sx={{ mb: 2 }} role="alert">
      {problem}
    </Alert>
  ) : null;

  return { onRemove, problemAlert };
}
