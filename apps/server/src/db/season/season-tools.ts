// The season's small tools: a seeded random generator, day numbers, who holds which room or berth, names.

/** mulberry32: a small deterministic generator. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type TRandom = ReturnType<typeof generator>;

export const DAY = 86_400_000;
export const dayNo = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
export const isoOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/** Who holds what: resort rooms by night, cabins and berths by departure. */
export function occupancy() {
  const nights = new Map<number, [number, number][]>();
  const cabins = new Map<string, number>();
  return {
    roomFree(roomId: number, from: number, to: number) {
      return (nights.get(roomId) ?? []).every(([f, t]) => to <= f || from >= t);
    },
    takeRoom(roomId: number, from: number, to: number) {
      nights.set(roomId, [...(nights.get(roomId) ?? []), [from, to]]);
    },
    /** Berths taken in a cabin on a departure (a whole cabin counts as all of them). */
    berths: (scheduleId: number, roomId: number) => cabins.get(`${scheduleId}:${roomId}`) ?? 0,
    takeBerths(scheduleId: number, roomId: number, n: number) {
      cabins.set(`${scheduleId}:${roomId}`, (cabins.get(`${scheduleId}:${roomId}`) ?? 0) + n);
    },
  };
}

export type TOccupancy = ReturnType<typeof occupancy>;
export type TRoom = { id: number; capacity: number };
export type TCabin = { id: number; name: string; shared: boolean };
export type TDeparture = { id: number; from: string; to: string };

/** First names by gender: a guest on a shared cabin's berth is named as the cabin's gender asks. */
export const FIRST_NAMES = {
  f: ['Anna', 'Clara', 'Eva', 'Greta', 'Ida', 'Lena'],
  m: ['Ben', 'David', 'Finn', 'Hugo', 'Jonas', 'Max'],
} as const;
export const LAST_NAMES = [
  'Berger',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'García',
  'Hansen',
  'Ito',
  'Jansen',
  'Keller',
];

/** A free resort room for `pax` guests over the nights [from, to), starting the search at a random room. */
export function freeRoom(
  random: TRandom,
  list: readonly TRoom[],
  held: TOccupancy,
  pax: number,
  from: number,
  to: number,
) {
  const fitting = list.filter((r) => r.capacity >= pax && (pax > 2 || r.capacity <= 3));
  const start = random.int(0, fitting.length - 1);
  for (let k = 0; k < fitting.length; k++) {
    const room = fitting[(start + k) % fitting.length];
    if (room && held.roomFree(room.id, from, to)) return room;
  }
  return null;
}

/** A guest form filled in completely. */
export function guestAnswers(name: string | null, day0: number) {
  const [firstName = 'Guest', lastName = 'Diver'] = (name ?? '').split(' ');
  return {
    firstName,
    lastName,
    birthday: '1984-05-12',
    gender: 'u',
    email: `${firstName.toLowerCase()}@guests.example`,
    passportNumber: 'C01X00T47',
    nationality: 'DE',
    passportIssueDate: '2020-01-10',
    passportExpiryDate: isoOf(day0 + 3000),
    certAgency: 'PADI',
    certLevel: 'Advanced Open Water',
    loggedDives: 64,
    lastDive: isoOf(day0 - 90),
    medicalHeart: false,
    medicalLungs: false,
    medicalEars: false,
    medicalMedication: false,
    medicalSurgery: false,
    medicalPregnant: false,
    insuranceCompany: 'DAN Europe',
    insurancePolicy: 'DAN-123456',
    arrivalFlight: 'PR 1845',
    arrivalDate: isoOf(day0 + 30),
    arrivalTime: '09:30',
    departureFlight: 'PR 1846',
    departureDate: isoOf(day0 + 37),
    emergencyName: 'Klaus Diver',
    emergencyPhone: '+49 170 1234567',
  };
}
