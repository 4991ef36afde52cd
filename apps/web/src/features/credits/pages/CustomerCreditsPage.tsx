import { CreditsPage } from '../components/CreditsPage.tsx';

/** /ccredits: credit of customers (docs/domain/payments.md). */
export default function CustomerCreditsPage() {
  return <CreditsPage kind="customer" />;
}
