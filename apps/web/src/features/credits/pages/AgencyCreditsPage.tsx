import { CreditsPage } from '../components/CreditsPage.tsx';

/** /credits: credit of agencies (docs/domain/payments.md). */
export default function AgencyCreditsPage() {
  return <CreditsPage kind="agency" />;
}
