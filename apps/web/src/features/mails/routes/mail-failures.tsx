import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/ReplayOutlined';
import { MAIL_TEXT, type QueuedMail } from '@keurwijzer/shared/mails';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import type { Column } from '../../../components/table/data-table';
import { RowAction } from '../../../components/table/row-action';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDateTime } from '../../../lib/format';
import { useMails, useRetryMail } from '../api/mails';
import { ListPage } from '../../../components/table/list-page';

/** Newest first. */
const SORT = { sortKey: 'created_at', sortOrder: 'desc' } as const;
/** Only the mails that failed for good (the queue retried them already). */
const FAILED = { status: 'failed' } as const;

/**
 * admin/mails: the e-mails that kept failing after every retry of the mail queue (e.g. a refused
 * address, or the mail server down for long), with the last error; "Opnieuw versturen" queues one
 * again after a confirmation.
 */
export default function MailFailures() {
  const table = useDataTableQuery({ useList: useMails, defaults: SORT, query: FAILED });
  const run = useConfirmedAction();
  const retry = useRetryMail();

  const columns: Column<QueuedMail>[] = [
    { key: 'created_at', label: 'Datum', sortable: true, nowrap: true, render: (m) => formatDateTime(m.created_at) },
    {
      key: 'to',
      label: 'Ontvanger',
      sortable: true,
      truncate: { text: (m) => m.to, maxWidth: 240 },
      render: (m) => m.to,
    },
    {
      key: 'subject',
      label: 'Onderwerp',
      sortable: true,
      hideBelow: 'sm',
      truncate: { text: (m) => m.subject },
      render: (m) => m.subject,
    },
    { key: 'attempts', label: 'Pogingen', sortable: true, align: 'right', hideBelow: 'md', render: (m) => m.attempts },
    {
      key: 'last_error',
      label: 'Laatste fout',
      hideBelow: 'md',
      truncate: { text: (m) => m.last_error ?? '' },
      render: (m) => (
        <Typography component="span" variant="body2" color="error">
          {m.last_error ?? '-'}
        </Typography>
      ),
    },
  ];

  return (
    <ListPage<QueuedMail>
      title={MAIL_TEXT.title}
      {...table}
      columns={columns}
      rowKey={(m) => m.id}
      searchLabel="Zoeken op ontvanger of onderwerp"
      actions={(m) => (
        <RowAction
          label={MAIL_TEXT.retryButton}
          icon={<SendIcon />}
          onClick={() =>
            void run(
              {
                title: MAIL_TEXT.retryButton,
                message: `De e-mail "${m.subject}" aan ${m.to} wordt opnieuw verstuurd.`,
                confirmLabel: MAIL_TEXT.retryButton,
              },
              () => retry.mutateAsync(m.id),
            )
          }
        />
      )}
    />
  );
}
