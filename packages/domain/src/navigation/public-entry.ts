// The paths served by the light public entry (apps/web/public.html) instead of the back office
// (index.html): online booking, the widget, guest forms and custom forms (issue 9). Prefix match.
export const PUBLIC_ENTRY_PREFIXES = [
  '/book/online',
  '/book/resort',
  '/widget/',
  '/guestform/',
  '/guestform-m/',
  '/forms/',
] as const;

export const isPublicEntryPath = (path: string) =>
  PUBLIC_ENTRY_PREFIXES.some((prefix) => path.startsWith(prefix));
