import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { useEditPage } from '../../../components/useEditPage.ts';
import { useCopyPrice, useDeletePrice, usePrice } from '../api.ts';
import { PriceForm } from '../components/PriceForm.tsx';
import { PriceStatusBadge } from '../components/PriceStatusBadge.tsx';
import { SupplementsCard } from '../components/SupplementsCard.tsx';

/** /price/new and /price/:id: a season with its entries grid; its supplements below. */
export default function PriceEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const scopes = user?.scopes ?? [];
  const remove = useDeletePrice();
  const copy = useCopyPrice();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete, onCopied } = useEditPage({
    list: 'prices',
    edit: 'priceEdit',
    remove,
    deleteErrorText: (error) =>
      error instanceof ApiError && error.code === 'IN_USE'
        ? t('prices.edit.inUse')
        : apiErrorText(error as ApiError),
  });
  const price = usePrice(id);
  const backLink = <BackLink to={back} label={t('prices.edit.backToList')} />;

  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && price.isPending) return <PageLoader />;
  if (!isCreate && price.error) return <RecordFailure back={backLink} error={price.error} />;
  const current = isCreate ? undefined : price.data;

  const onCopy = (source: { id: number }) => copy.mutate(source.id, { onSuccess: onCopied });

  return (
    <Stack gap="md" maw={1200}>
      {backLink}
      <RecordHeader title={current ? current.name : t('prices.edit.createTitle')}>
        <Group gap="xs" mt={4}>
          <PriceStatusBadge status={current?.status ?? 'draft'} />
          {!current && (
            <Text size="sm" c="dimmed">
              {t('prices.form.draftHint')}
            </Text>
          )}
        </Group>
      </RecordHeader>
      {current && (
        <RecordActions
          onCopy={hasScope(scopes, ['price.create']) ? () => onCopy(current) : undefined}
          copying={copy.isPending}
          onDelete={hasScope(scopes, ['price.delete']) ? () => setConfirming(true) : undefined}
        />
      )}
      <PriceForm
        key={current ? `${current.id}:${current.updatedAt}` : 'new'}
        {...(current ? { price: current } : {})}
        defaultAsset={params.get('asset') ?? ''}
        canEdit={hasScope(scopes, [isCreate ? 'price.create' : 'price.update'])}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
      {current && <SupplementsCard price={current} />}
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
