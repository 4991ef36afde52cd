import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { calculationLines } from '../../../db/schema.ts';

// The writes of the calculation calls that the shared booking writes do not have.

export function createCalculationWritesRepository() {
  return {
    /** The booking a calculation line belongs to (line ids are unique over all bookings). */
    async bookingOfLine(ex: Executor, id: number): Promise<number | undefined> {
      const [row] = await ex
        .select({ bookingId: calculationLines.bookingId })
        .from(calculationLines)
        .where(eq(calculationLines.id, id));
      return row?.bookingId;
    },

    async deleteLine(tx: Tx, bookingId: number, id: number) {
      await tx
        .delete(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), eq(calculationLines.id, id)));
    },
  };
}
export type TCalculationWritesRepository = ReturnType<typeof createCalculationWritesRepository>;
