import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconTrash } from '@tabler/icons-react';
import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../app/api.ts';
import { apiErrorText } from '../app/api-error-text.ts';

/** Yellow titles (shade 9 on the light yellow background) stay below 4.5:1 contrast: the text colour instead. */
export const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Where "back" leads: the list the user came from, with its page, sort and filters (DataTable sets `location.state.back`), else `fallback`. */
/** The record id of a detail route (`:id`): a positive whole number, else null (shown as not found). */
export function recordId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function useBackPath<T extends string | undefined>(fallback: T): string | T {
  const location = useLocation();
  return (location.state as { back?: string } | null)?.back ?? fallback;
}

/** The link back to the list a detail page was opened from (`location.state.back`, set by DataTable). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden />
      {label}
    </Anchor>
  );
}

/** The record's name as the page title, with a line (or badges) below. */
export function RecordHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div>
      <Title order={2}>{title}</Title>
      {children}
    </div>
  );
}

type TRecordFailureProps = {
  /** The back link (or nothing) above the alert. */
  back: ReactNode;
  /** The load error; none (or a 404) means the record is missing, or another's: the server answers 404 for both. */
  error: unknown;
  /** Title and text of the missing-record alert; default `common.notFound` and `common.notFoundText`. */
  notFound?: { title: string; text: string };
  /** The missing-record title in the text colour (READABLE_TITLE). */
  readableTitle?: boolean;
};

/** A detail page whose record is missing (yellow) or failed to load (red), below the back link. */
export function RecordFailure({ back, error, notFound, readableTitle }: TRecordFailureProps) {
  const { t } = useTranslation();
  const missing = !error || (error instanceof ApiError && error.status === 404);
  return (
    <Stack>
      {back}
      {missing ? (
        <Alert
          color="yellow"
          title={notFound?.title ?? t('common.notFound')}
          styles={readableTitle ? READABLE_TITLE : undefined}
        >
          {notFound?.text ?? t('common.notFoundText')}
        </Alert>
      ) : (
        <Alert color="red">{error instanceof ApiError ? apiErrorText(error) : String(error)}</Alert>
      )}
    </Stack>
  );
}

type TRecordActionsProps = {
  /** Further actions before copy and delete (view, print …). */
  children?: ReactNode;
  /** Shows the copy button; none when the user may not copy. */
  onCopy?: (() => void) | undefined;
  copying?: boolean;
  /** Shows the delete button (which asks first: open the confirmation here); none when the user may not delete. */
  onDelete?: (() => void) | undefined;
};

/**
 * The buttons of an open record: the given ones, then copy and delete. Left-aligned: the message bar's
 * toasts appear top right and would cover them. Nothing when there is no button.
 */
export function RecordActions({ children, onCopy, copying = false, onDelete }: TRecordActionsProps) {
  const { t } = useTranslation();
  if (!onCopy && !onDelete && Children.toArray(children).length === 0) return null;
  return (
    <Group gap="xs">
      {children}
      {onCopy && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconCopy size={14} aria-hidden />}
          loading={copying}
          onClick={onCopy}
        >
          {t('common.copy')}
        </Button>
      )}
      {onDelete && (
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
        >
          {t('common.delete')}
        </Button>
      )}
    </Group>
  );
}
