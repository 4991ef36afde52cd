import { ApiError, apiUrl, type TApiOptions } from '../app/api.ts';
import { apiErrorText } from '../app/api-error-text.ts';
import { loading } from '../app/loading.ts';
import { showError } from '../app/messages.ts';
import { session } from '../app/session.ts';

const fileNameOf = (disposition: string | null) => disposition?.match(/filename="?([^";]+)"?/i)?.[1];

async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => undefined)) as
    | { error?: string; message?: string; details?: ApiError['details'] }
    | undefined;
  const code = body?.error ?? 'UNKNOWN';
  if (code === 'TOKEN_EXPIRED') return new ApiError(res.status, code, 'UNAUTHORIZED');
  if (res.status === 403) return new ApiError(res.status, code, 'FORBIDDEN_RESSOURCE');
  return new ApiError(res.status, code, body?.message ?? code, body?.details);
}

/**
 * Saves a file the API sends (CSV, PDFs; `method` POST for the calls that make a document, such as a
 * receipt). It is fetched with the bearer token and handed to
 * the browser as a blob: the server's cookie copy of the token would also open a plain link, but
 * only on the same site (not with a host prefix), and a failure would then leave the user on a page
 * of raw JSON instead of the message bar.
 */
export async function downloadFile(
  path: string,
  query: TApiOptions['query'],
  fallbackName: string,
  method: 'GET' | 'POST' = 'GET',
) {
  const token = session.token();
  loading.start();
  try {
    const res = await fetch(apiUrl(path, query), {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      const error = await errorOf(res);
      if (error.code === 'TOKEN_EXPIRED') session.clear();
      showError(apiErrorText(error));
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has read the blob once the click was handled; keep it a moment for slow disks.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    showError(apiErrorText(new ApiError(0, 'NETWORK', 'NETWORK')));
  } finally {
    loading.done();
  }
}
