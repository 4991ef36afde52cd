import { hasScope } from '@atoll/domain/scopes';
import { Alert, Button, Stack } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useEditPage } from '../../../components/useEditPage.ts';
import { useCopySpecial, useDeleteSpecial, useSpecial } from '../api.ts';
import { PriceSimulator } from '../components/PriceSimulator.tsx';
import { SpecialForm } from '../components/SpecialForm.tsx';
import { SpecialStatusBadge } from '../components/SpecialStatusBadge.tsx';

/** /specials/create and /specials/:id: a special with its rules, and a test panel that prices a draft. */
export default function SpecialEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const remove = useDeleteSpecial();
  const copy = useCopySpecial();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete, onCopied } = useEditPage({
    list: 'specials',
    edit: 'specialEdit',
    remove,
    deleteErrorText: (error) => (error instanceof ApiError ? apiErrorText(error) : String(error)),
  });
  const special = useSpecial(id);
  const backLink = <BackLink to={back} label={t('specials.edit.backToList')} />;

  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && special.isPending) return <PageLoader />;
  if (!isCreate && special.error) return <RecordFailure back={backLink} error={special.error} />;
  const current = isCreate ? undefined : special.data;
  // `editable` and `deletable` are copied to booking lines; they do not guard the special itself.
  const canSave = hasScope(scopes, [current ? 'price.update' : 'price.create']);

  const onCopy = (source: { id: number }) => copy.mutate(source.id, { onSuccess: onCopied });

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current ? current.name : t('specials.edit.createTitle')}>
        {current && <SpecialStatusBadge status={current.status} />}
      </RecordHeader>
      {current && (
        <RecordActions
          onCopy={hasScope(scopes, ['price.create']) ? () => onCopy(current) : undefined}
          copying={copy.isPending}
          onDelete={hasScope(scopes, ['price.delete']) ? () => setConfirming(true) : undefined}
        />
      )}
      <SpecialForm
        key={current ? `${current.id}-${current.updatedAt}` : 'new'}
        {...(current ? { special: current } : {})}
        onSaved={onSaved}
        canSave={canSave}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
      {current && (
        <SectionCard title={t('specials.edit.test')} icon={IconFlask}>
          <Stack gap="sm">
            {current.status !== 'confirmed' && (
              <Alert color="yellow">{t('specials.edit.testNotConfirmed')}</Alert>
            )}
            <PriceSimulator highlightId={current.id} />
          </Stack>
        </SectionCard>
      )}
      {current && (
        <DeleteModal
          opened={confirming}
          name={current.name}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
