import { CreditsPage } from '../components/CreditsPage.tsx';

/** /credits: credit of agencies (domain-rules §7.3). */
export default function AgencyCreditsPage() {
  return <CreditsPage kind="agency" />;
}
