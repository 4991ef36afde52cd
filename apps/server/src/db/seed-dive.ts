import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { diveBoats, diveSites, diveTypes, employees, resorts, settings } from './schema.ts';

/** The demo's dive centre at the resort in Moalboal: sites, boats, dive types and crew; the dive log switched on. */
export async function seedDive(tx: Tx) {
  const [resort] = await tx
    .select({ id: resorts.id })
    .from(resorts)
    .where(eq(resorts.name, 'Coral Garden Resort'));
  const resortId = resort?.id ?? null;
  await tx.insert(settings).values({ group: 'features', key: 'diveLog', value: true });
  await tx.insert(diveSites).values([
    {
      name: 'Pescador Island',
      latitude: '9.924167',
      longitude: '123.345000',
      minDepth: 5,
      maxDepth: 40,
      current: 'mild',
      difficulty: 'moderate',
      fee: '3.00',
      resortId,
    },
    { name: 'Panagsama House Reef', minDepth: 3, maxDepth: 25, entry: 'shore', resortId },
    { name: 'Sardine Run', minDepth: 3, maxDepth: 15, entry: 'shore', resortId },
    { name: 'Tongo Point', maxDepth: 30, current: 'strong', difficulty: 'advanced', resortId },
    { name: 'White Beach Wall', maxDepth: 35, difficulty: 'moderate', resortId },
  ]);
  await tx.insert(diveTypes).values(
    (['boat', 'shore', 'night', 'drift', 'wreck', 'course', 'nitrox'] as const).map((kind, sort) => ({
      name: {
        boat: 'Boat dive',
        shore: 'Shore dive',
        night: 'Night dive',
        drift: 'Drift dive',
        wreck: 'Wreck dive',
        course: 'Course dive',
        nitrox: 'Nitrox dive',
      }[kind],
      kind,
      sort,
    })),
  );
  await tx.insert(diveBoats).values([
    { name: 'Banca Pescador', diverCapacity: 12, crewCapacity: 4, tanks: 30, resortId },
    { name: 'Banca Sardina', diverCapacity: 8, crewCapacity: 3, tanks: 20, resortId },
  ]);
  await tx.insert(employees).values([
    { name: 'Rico Alcantara', role: 'guide', certifications: 'PADI Divemaster', resortId },
    { name: 'Mia Santos', role: 'instructor', certifications: 'PADI MSDT', resortId },
    { name: 'Jun Dela Cruz', role: 'captain', resortId },
  ]);
}
