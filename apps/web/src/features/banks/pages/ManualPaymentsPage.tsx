import { PaymentsList } from '../components/PaymentsList.tsx';

/** /bank/entry/manual: cash, card and other payments without a bank entry. */
export default function ManualPaymentsPage() {
  return <PaymentsList kind="manual" />;
}
