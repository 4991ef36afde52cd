import { usePathParams } from '../../../public/route.ts';
import { GuestFormScreen } from '../components/GuestFormScreen.tsx';

/** /guestform-m/:id/:token – every guest of the booking on one page, one section per guest. */
export default function GuestFormMultiPage() {
  const { id, token } = usePathParams('/guestform-m/:id/:token');
  return <GuestFormScreen id={Number(id) || 0} token={token ?? ''} multi />;
}
