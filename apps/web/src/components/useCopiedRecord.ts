import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showSuccess } from '../app/messages.ts';
import { routePath } from './routePath.ts';

/**
 * What follows a successful copy everywhere: say so and open the copy on its edit route, whose "back"
 * leads to `back` (default: the page the copy was made on).
 */
export function useCopiedRecord(edit: string, back?: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (created: { id: number }) => {
    showSuccess(t('common.copied'));
    void navigate(routePath(edit, { id: created.id }), {
      state: { back: back ?? `${location.pathname}${location.search}` },
    });
  };
}
