import { Navigate, useParams } from 'react-router';
import { routePath } from '../../../components/routePath.ts';

/**
 * /bank/create and /bank/:id: the account's form (with its CSV mapping) is the list's drawer, so these
 * addresses open the list with that drawer; Back, reload and shared links keep working.
 */
export default function BankEditPage() {
  const { id } = useParams();
  const open = id && /^\d+$/.test(id) ? id : 'new';
  return <Navigate to={`${routePath('banks')}?open=${open}`} replace />;
}
