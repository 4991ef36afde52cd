import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../http/errors.ts';

// UDDF, the Universal Dive Data Format (the XML that Subsurface, Shearwater and Suunto write): the
// dives of a file as log values, and a log as a file. Depth in metres, duration in seconds (UDDF 3.2).

export type TUddfDive = {
  externalId: string;
  date: string;
  start: string | null;
  depth: number | null;
  /** Minutes. */
  duration: number | null;
  site: string | null;
  comment: string | null;
};

const LISTS = new Set(['site', 'repetitiongroup', 'dive', 'link', 'para']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => LISTS.has(name),
});

type TNode = Record<string, unknown>;
const node = (value: unknown): TNode => (value && typeof value === 'object' ? (value as TNode) : {});
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const list = (value: unknown): TNode[] => items(value).map(node);
const str = (value: unknown): string | null => {
  const v = typeof value === 'object' && value ? (value as TNode)['#text'] : value;
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null;
};
const number = (value: unknown): number | null => {
  const n = Number(str(value));
  return str(value) !== null && Number.isFinite(n) && n >= 0 ? n : null;
};

/** The dives of a UDDF file; a file that is not UDDF is a 400. */
export function parseUddf(xml: string): TUddfDive[] {
  if (XMLValidator.validate(xml) !== true) throw badRequest('Not a well-formed XML file', 'uddf');
  const root = node(parser.parse(xml).uddf);
  if (!Object.keys(root).length) throw badRequest('Not a UDDF file', 'uddf');
  const sites = new Map(
    list(node(root.divesite).site).map((s) => [str(s['@_id']) ?? '', str(s.name)] as const),
  );
  const dives: TUddfDive[] = [];
  for (const group of list(node(root.profiledata).repetitiongroup)) {
    for (const dive of list(group.dive)) {
      const before = node(dive.informationbeforedive);
      const after = node(dive.informationafterdive);
      const when = str(before.datetime) ?? '';
      const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(when);
      if (!match?.[1]) throw badRequest('A dive without a valid date', 'uddf');
      const siteRef = list(before.link)
        .map((l) => str(l['@_ref']))
        .find((ref) => ref !== null && sites.has(ref));
      const seconds = number(after.diveduration);
      const depth = number(after.greatestdepth);
      const notes = items(node(after.notes).para).map(str).filter(Boolean).join('\n');
      dives.push({
        externalId: str(dive['@_id']) ?? `${when}`,
        date: match[1],
        start: match[2] ?? null,
        depth: depth === null ? null : Math.round(depth * 10) / 10,
        duration: seconds === null ? null : Math.round(seconds / 60),
        site: siteRef ? (sites.get(siteRef) ?? null) : null,
        comment: notes || null,
      });
    }
  }
  return dives;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/** A diver's log as a UDDF 3.2 file. */
export function buildUddf(diver: string, dives: TUddfDive[]): string {
  const siteNames = [...new Set(dives.flatMap((d) => (d.site ? [d.site] : [])))];
  const siteId = (name: string) => `site${siteNames.indexOf(name) + 1}`;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    uddf: {
      '@_version': '3.2.1',
      generator: { name: 'Atoll', type: 'logbook' },
      diver: { owner: { '@_id': 'owner', personal: { firstname: diver } } },
      divesite: { site: siteNames.map((name) => ({ '@_id': siteId(name), name })) },
      profiledata: {
        repetitiongroup: [
          {
            '@_id': 'rg1',
            dive: dives.map((d) => ({
              '@_id': d.externalId,
              informationbeforedive: {
                datetime: d.start ? `${d.date}T${d.start}:00` : d.date,
                ...(d.site ? { link: { '@_ref': siteId(d.site) } } : {}),
              },
              informationafterdive: {
                ...(d.depth !== null ? { greatestdepth: d.depth } : {}),
                ...(d.duration !== null ? { diveduration: d.duration * 60 } : {}),
                ...(d.comment ? { notes: { para: d.comment } } : {}),
              },
            })),
          },
        ],
      },
    },
  };
  return builder.build(doc) as string;
}
