import type { TLanguage } from '@atoll/domain/constants';
import { ZLocalizedText } from '@atoll/domain/geo';
import type { TResortList } from '@atoll/domain/inventory/resorts';
import { sortValue, ZRoomConfiguration } from '@atoll/domain/inventory/rooms';
import { normalize } from '@atoll/domain/money';
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { DocumentFrame, type TLetterhead } from '../../documents/pdf.tsx';
import { fill } from '../../documents/texts.ts';
import { formatDecimal } from '../agencies/agency-print.tsx';
import { RESORT_PRINT_TEXTS, type TResortPrintTexts } from './resort-print.texts.ts';

/** A room as the lists print it (see `roomsOfResort`). */
export type TPrintRoom = {
  name: string;
  internalId: string | null;
  roomType: string | null;
  bedType: string | null;
  bedTypeNames: unknown;
  availableBeds: number;
  configuration: unknown;
  housekeeping: string;
  usageState: string;
  isActive: boolean;
  isVisible: boolean;
  hide: boolean;
  sort: number;
};

export type TPrintRoomType = {
  name: string;
  defaultNoOfPax: number;
  minNoOfPax: number;
  maxNoOfPax: number;
  maxNoOfOTAPax: number;
  roomTypeOTA: string;
  sizeInSqm: string;
  surcharge: string;
  surchargeType: string;
  isVisible: boolean;
  hide: boolean;
  sort: number;
};

type TColumn = { label: string; width: string };
type TTable = { columns: TColumn[]; rows: string[][] };

const styles = StyleSheet.create({
  head: { flexDirection: 'row', borderBottomWidth: 0.75, borderBottomColor: '#333', paddingBottom: 3 },
  headCell: { fontWeight: 'bold', fontSize: 9, paddingRight: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.25, borderBottomColor: '#bbb', paddingVertical: 3 },
  cell: { fontSize: 9, paddingRight: 4 },
  note: { marginTop: 8, fontSize: 8, color: '#444' },
});

const yesNo = (t: TResortPrintTexts, value: boolean) => (value ? t.yes : t.no);
const stateText = (names: Record<string, string>, state: string) => names[state] ?? state;

function paxText(configuration: unknown) {
  const c = ZRoomConfiguration.safeParse(configuration ?? {}).data;
  return c ? `${c.minNoOfPax}–${c.maxNoOfPax} (${c.defaultNoOfPax})` : '';
}

function bedsText(room: TPrintRoom, lang: TLanguage) {
  const localized = ZLocalizedText.safeParse(room.bedTypeNames ?? {}).data?.[lang];
  const bedType = localized || room.bedType;
  return bedType ? `${room.availableBeds} × ${bedType}` : String(room.availableBeds);
}

const roomName = (room: TPrintRoom) => (room.internalId ? `${room.name} (${room.internalId})` : room.name);

/** Rooms in list order: missing or negative sort last (spec booking §5), then by name. */
const inListOrder = <T extends { sort: number; name: string }>(rows: T[]) =>
  [...rows].sort((a, b) => sortValue(a.sort) - sortValue(b.sort) || a.name.localeCompare(b.name));

function roomsTable(rooms: TPrintRoom[], t: TResortPrintTexts, lang: TLanguage): TTable {
  return {
    columns: [
      { label: t.room, width: '20%' },
      { label: t.type, width: '17%' },
      { label: t.beds, width: '16%' },
      { label: t.pax, width: '11%' },
      { label: t.state, width: '20%' },
      { label: t.active, width: '8%' },
      { label: t.visible, width: '8%' },
    ],
    rows: inListOrder(rooms).map((room) => [
      roomName(room),
      room.roomType ?? '',
      bedsText(room, lang),
      paxText(room.configuration),
      `${stateText(t.housekeepingStates, room.housekeeping)} / ${stateText(t.usageStates, room.usageState)}`,
      yesNo(t, room.isActive),
      yesNo(t, room.isVisible && !room.hide),
    ]),
  };
}

/** "42.50" → "42,5" (de): as many decimals as the value needs. */
function formatArea(value: string, lang: TLanguage) {
  const shortest = normalize(value);
  return formatDecimal(shortest, lang, shortest.split('.')[1]?.length ?? 0);
}

function surchargeText(type: TPrintRoomType, lang: TLanguage, currency: string) {
  const value = formatDecimal(type.surcharge.replace('-', ''), lang);
  const sign = type.surcharge.startsWith('-') ? '-' : '';
  return type.surchargeType === 'percent' ? `${sign}${value} %` : `${sign}${value} ${currency}`;
}

function roomTypesTable(types: TPrintRoomType[], t: TResortPrintTexts, lang: TLanguage, currency: string) {
  return {
    columns: [
      { label: t.name, width: '24%' },
      { label: t.pax, width: '14%' },
      { label: t.otaPax, width: '10%' },
      { label: t.otaType, width: '12%' },
      { label: t.size, width: '12%' },
      { label: t.surcharge, width: '16%' },
      { label: t.visible, width: '12%' },
    ],
    rows: inListOrder(types).map((type) => [
      type.name,
      `${type.minNoOfPax}–${type.maxNoOfPax} (${type.defaultNoOfPax})`,
      String(type.maxNoOfOTAPax),
      type.roomTypeOTA,
      Number(type.sizeInSqm) < 0 ? '–' : `${formatArea(type.sizeInSqm, lang)} m²`,
      surchargeText(type, lang, currency),
      yesNo(t, type.isVisible && !type.hide),
    ]),
  };
}

function housekeepingTable(rooms: TPrintRoom[], t: TResortPrintTexts): TTable {
  return {
    columns: [
      { label: t.room, width: '26%' },
      { label: t.type, width: '22%' },
      { label: t.housekeeping, width: '20%' },
      { label: t.usage, width: '18%' },
      { label: t.done, width: '14%' },
    ],
    // Only rooms in service: the cleaning team has nothing to do in an inactive one.
    rows: inListOrder(rooms)
      .filter((room) => room.isActive)
      .map((room) => [
        roomName(room),
        room.roomType ?? '',
        stateText(t.housekeepingStates, room.housekeeping),
        stateText(t.usageStates, room.usageState),
        '[  ]',
      ]),
  };
}

function Table({ columns, rows, t }: TTable & { t: TResortPrintTexts }) {
  if (rows.length === 0) return <Text>{t.empty}</Text>;
  return (
    <View>
      <View style={styles.head} fixed>
        {columns.map((c) => (
          <Text key={c.label} style={[styles.headCell, { width: c.width }]}>
            {c.label}
          </Text>
        ))}
      </View>
      {rows.map((row, i) => (
        // Rows carry no id of their own; their order is the list's.
        // biome-ignore lint/suspicious/noArrayIndexKey: static document, rendered once
        <View key={i} style={styles.row} wrap={false}>
          {row.map((value, j) => (
            <Text key={columns[j]?.label} style={[styles.cell, { width: columns[j]?.width ?? '10%' }]}>
              {value}
            </Text>
          ))}
        </View>
      ))}
      <Text style={styles.note}>{fill(t.total, { count: rows.length })}</Text>
    </View>
  );
}

export type TResortListPrint = {
  list: TResortList;
  resort: { name: string; currency: string };
  rooms: TPrintRoom[];
  roomTypes: TPrintRoomType[];
  company: TLetterhead;
  lang: TLanguage;
};

/** One printed list of a resort in the reader's language. */
export function ResortListDocument(props: TResortListPrint) {
  const { list, resort, lang } = props;
  const t = RESORT_PRINT_TEXTS[lang];
  const table =
    list === 'rooms'
      ? roomsTable(props.rooms, t, lang)
      : list === 'roomtypes'
        ? roomTypesTable(props.roomTypes, t, lang, resort.currency)
        : housekeepingTable(props.rooms, t);
  return (
    <DocumentFrame company={props.company} lang={lang} title={fill(t.titles[list], { resort: resort.name })}>
      <Table {...table} t={t} />
    </DocumentFrame>
  );
}
