import { usePathParams } from '../../../public/route.ts';
import { GuestFormScreen } from '../components/GuestFormScreen.tsx';

/** /guestform/:id/:token – one guest's form, or the multi-guest page when the global flag says so. */
export default function GuestFormPage() {
  const { id, token } = usePathParams('/guestform/:id/:token');
  return <GuestFormScreen id={Number(id) || 0} token={token ?? ''} multi={false} />;
}
