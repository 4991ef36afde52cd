/** Free cabins and berths of one departure, per cabin and bed (`GET /api/rooms/available/{vessel}?schedule=`). */
export function ScheduleAvailability(_props: { scheduleId: number }) {
  return null;
}
