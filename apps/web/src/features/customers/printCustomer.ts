import type { TLanguage } from '@atoll/domain/constants';
import { ApiError, apiUrl } from '../../app/api.ts';
import { apiErrorText } from '../../app/api-error-text.ts';
import { loading } from '../../app/loading.ts';
import { showError } from '../../app/messages.ts';
import { session } from '../../app/session.ts';

/**
 * Opens the customer sheet (`POST /api/customers/{id}/print/{template}`) in a new tab. The call is a
 * POST with the bearer token, so the PDF arrives as a blob; the tab is opened at once, inside the
 * click, because browsers block windows opened after an await. Without a tab (blocked) it downloads.
 */
export async function printCustomer(id: number, template: string, lang: TLanguage) {
  const tab = window.open('', '_blank');
  const token = session.token();
  loading.start();
  try {
    const res = await fetch(apiUrl(`/customers/${id}/print/${template}`, { lang }), {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
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
      link.download = `customer-${id}.pdf`;
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
