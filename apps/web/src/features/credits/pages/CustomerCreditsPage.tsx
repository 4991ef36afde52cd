import { CreditsPage } from '../components/CreditsPage.tsx';

/** /ccredits: credit of customers (domain-rules §7.3). */
export default function CustomerCreditsPage() {
  return <CreditsPage kind="customer" />;
}
