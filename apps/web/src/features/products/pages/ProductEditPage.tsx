import { Navigate, useParams } from 'react-router';
import { routePath } from '../../../components/routePath.ts';

/**
 * /product/create and /product/:id: the product's form is the catalogue's drawer (the list stays beside it),
 * so these addresses open the list with that drawer, and Back, reload and shared links keep working.
 */
export default function ProductEditPage() {
  const { id } = useParams();
  const open = id && /^\d+$/.test(id) ? id : 'new';
  return <Navigate to={`${routePath('products')}?open=${open}`} replace />;
}
