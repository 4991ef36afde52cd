import { PaymentsList } from '../components/PaymentsList.tsx';

/** /bank/entry/temporary: expected payments (checkout, QR code) not yet seen in a bank entry. */
export default function TemporaryPaymentsPage() {
  return <PaymentsList kind="temporary" />;
}
