import { ApiError, apiUrl, type TApiOptions } from '../../app/api.ts';
import { apiErrorText } from '../../app/api-error-text.ts';
import { loading } from '../../app/loading.ts';
import { showError } from '../../app/messages.ts';
import { session } from '../../app/session.ts';

/**
 * Shows a PDF the API sends (`GET`) in a new tab. It is fetched with the bearer token as a blob; the tab
 * is opened at once, inside the click, because browsers block windows opened after an await. Without a
 * tab (blocked) the file downloads.
 */
export async function openPdf(
  path: string,
  query: TApiOptions['query'],
  fallbackName: string,
  /** Sent as JSON with a POST (print calls that take a body). */
  body?: unknown,
) {
  const tab = window.open('', '_blank');
  const token = session.token();
  loading.start();
  try {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const res = await fetch(
      apiUrl(path, query),
      body === undefined
        ? { headers }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
    if (!res.ok) {
      tab?.close();
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
      showError(apiErrorText(new ApiError(res.status, body.error ?? 'UNKNOWN', body.message ?? 'UNKNOWN')));
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = url;
    else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fallbackName;
      link.click();
    }
    // The tab has loaded the blob by then; keep it a while for slow machines.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    showError(apiErrorText(new ApiError(0, 'NETWORK', 'NETWORK')));
  } finally {
    loading.done();
  }
}
