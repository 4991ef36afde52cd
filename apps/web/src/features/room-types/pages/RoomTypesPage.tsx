import NotYetAvailablePage from '../../system/pages/NotYetAvailablePage.tsx';

/** Placeholder until the screen lands (issue 5). */
export default function RoomTypesPage() {
  return <NotYetAvailablePage />;
}
