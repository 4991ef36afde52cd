/** Free rooms per night and room type of one resort, with blocks and holds (`GET /api/rooms/available/{resort}`). */
export function ResortAvailability(_props: { resortId: number }) {
  return null;
}
