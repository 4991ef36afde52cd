import { CurrenciesPanel } from '../components/CurrenciesPanel.tsx';

/** /config/settings/currencies: currencies, exchange rates and the converter. */
export default function CurrenciesPage() {
  return <CurrenciesPanel />;
}
