import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { apiDownload } from '../../lib/download';
import { useNotify } from './notifications';

/**
 * A download button's state: `download(path, query, fileName)` fetches the file (with the
 * session, as every API call) and saves it; `busy` while the server makes it, so the button can
 * show progress; a refusal (429, 404, ...) shows the server's Dutch message.
 */
export function useDownload() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (...args: Parameters<typeof apiDownload>) => {
      setBusy(true);
      try {
        await apiDownload(...args);
      } catch (err) {
        notify(errorMessage(err), 'error');
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { busy, download };
}
