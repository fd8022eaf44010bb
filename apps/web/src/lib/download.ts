import { TEXT } from '@keurwijzer/shared/texts';
import { ApiError, withQuery, type Query } from './api-client';
import { currentLanguage } from './i18n';

/** The file name of a Content-Disposition header: `attachment; filename="x.xlsx"`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a file the server makes (an export) and hands it to the browser under the server's
 * file name. A refusal throws the server's message like any other call.
 */
// Kept out of api-client.ts: the login page's bundle carries that one.
export async function apiDownload(path: string, query: Query, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      headers: { Accept: '*/*', 'Accept-Language': currentLanguage() },
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : String(err), {}, 500);
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(json.message ?? TEXT.serverError, json.errors ?? {}, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a moment later the URL may go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
