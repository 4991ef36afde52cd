import type { TWidgetAction } from '@atoll/domain/widgets';
import { Alert, Box, Center, colorsTuple, Loader, MantineProvider } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePathParams } from '../../../public/route.ts';
import { OnlineBookingFlow } from '../../online/components/OnlineBookingFlow.tsx';
import { trackWidget, usePublicWidget } from '../api.ts';

// /widget/:slug (public entry): the booking flow of one resort or vessel in the widget's look and
// language, embedded by /widget.js or an iframe. It tracks the visitor's view, search and booking with a
// random id kept for the browser tab (sessionStorage; no cookie) and tells the embedding page its height.

const VISITOR_KEY = 'atoll-widget-visitor';
/** The message the loader (/widget.js) listens for. */
export const HEIGHT_MESSAGE = 'atoll-widget-height';

function visitorId(): string {
  try {
    const known = sessionStorage.getItem(VISITOR_KEY);
    if (known && /^[a-f0-9]{32}$/.test(known)) return known;
  } catch {
    // Storage blocked (third-party iframe in a strict browser): a new id per page load.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStorage.setItem(VISITOR_KEY, id);
  } catch {
    // see above
  }
  return id;
}

/** ?lang= of the embed code first, then the visitor's browser when it is de or en, then the widget's. */
function pageLanguage(widgetLanguage: string): string {
  const wanted = new URLSearchParams(location.search).get('lang')?.toLowerCase();
  if (wanted === 'de' || wanted === 'en') return wanted;
  for (const candidate of navigator.languages ?? [navigator.language]) {
    const code = candidate?.toLowerCase().slice(0, 2);
    if (code === 'de' || code === 'en') return code;
  }
  return widgetLanguage;
}

/** Posts the document's height to the embedding page whenever it changes. */
function useReportHeight(slug: string) {
  useEffect(() => {
    if (window.parent === window) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, slug, height }, '*');
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [slug]);
}

export default function WidgetPage() {
  const { slug = '' } = usePathParams('/widget/:slug');
  const { t, i18n } = useTranslation();
  const widget = usePublicWidget(slug);
  const data = widget.data;
  const preview = new URLSearchParams(location.search).get('preview') === '1';
  const visitor = useMemo(() => visitorId(), []);
  useReportHeight(slug);

  useEffect(() => {
    if (!data) return;
    const lang = pageLanguage(data.language);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [data, i18n]);

  useEffect(() => {
    if (data && !preview) void trackWidget(data.id, visitor, 'view');
  }, [data, preview, visitor]);

  const theme = useMemo(
    () => ({
      primaryColor: 'widget',
      colors: { widget: colorsTuple(data?.look.primaryColor ?? '#1c7ed6') },
      defaultRadius: data?.look.radius ?? 'md',
    }),
    [data],
  );

  if (widget.isLoading)
    return (
      <Center h={240} aria-label={t('widgets.page.loading')}>
        <Loader />
      </Center>
    );
  if (!data || data.assetId === null)
    return (
      <Box p="md">
        <Alert color="red" role="alert">
          {t('widgets.page.notFound')}
        </Alert>
      </Box>
    );

  const onEvent = (action: Exclude<TWidgetAction, 'view'>, bookingId?: number) => {
    if (!preview) void trackWidget(data.id, visitor, action, bookingId);
  };
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Box p={{ base: 'xs', sm: 'md' }} data-widget={data.slug}>
        <OnlineBookingFlow
          assetType={data.assetType}
          assetId={data.assetId}
          preview={preview}
          onEvent={onEvent}
        />
      </Box>
    </MantineProvider>
  );
}
