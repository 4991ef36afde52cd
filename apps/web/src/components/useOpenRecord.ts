import { useSearchParams } from 'react-router';

/**
 * The record a list page has open in its drawer, kept in the URL beside the list state (`?open=5`,
 * `?open=new`), so that Back, reload and a shared link show the same drawer.
 */
export function useOpenRecord(param = 'open') {
  const [params, setParams] = useSearchParams();
  const open = params.get(param);
  const openId = open && /^\d+$/.test(open) ? Number(open) : null;
  const show = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(param);
        else next.set(param, value);
        return next;
      },
      { replace: true },
    );
  return {
    /** The raw value: an id, 'new' or null (closed). */
    open,
    openId,
    isNew: open === 'new',
    showNew: () => show('new'),
    showId: (id: number) => show(String(id)),
    close: () => show(null),
  };
}

/** Drawer titles are headings (h2) already: text in the size of an h3, no heading inside. */
export const DRAWER_TITLE_STYLES = { title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } };
