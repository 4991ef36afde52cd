import { hasScope } from '@atoll/domain/scopes';
import { useParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { recordId } from '../../components/DetailPage.tsx';
import { routePath } from '../../components/routePath.ts';
import { useCustomer } from './api.ts';

/**
 * The customer of a detail page and what the user may do with it. A customer (customers.self) has one
 * record only: any other id leads them to their own (`redirect`).
 */
export function useCustomerPage(route: 'customerView' | 'customerEdit') {
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isOffice = hasScope(scopes, ['customers.read']);
  const ownId = user?.customerId ?? null;
  const asked = params.id === undefined ? null : recordId(params.id);
  const redirect =
    !isOffice && ownId !== null && asked !== ownId ? routePath(route, { id: ownId }) : undefined;
  const id = redirect ? null : asked;
  return {
    id,
    isCreate: params.id === undefined,
    redirect,
    isOffice,
    customer: useCustomer(id),
    can: {
      edit: hasScope(scopes, ['customers.update']) || (!isOffice && id === ownId),
      create: hasScope(scopes, ['customers.create']),
      delete: hasScope(scopes, ['customers.delete']),
      list: isOffice,
      manage: hasScope(scopes, ['customers.update']),
    },
  };
}
