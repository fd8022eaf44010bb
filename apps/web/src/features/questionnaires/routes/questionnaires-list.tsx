import { useNavigate, useSearchParams } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  INSPECTION_TYPES,
  INSPECTION_TYPE_LABELS,
  QUESTIONNAIRE_STATUSES,
  QUESTIONNAIRE_STATUS_LABELS,
  type Questionnaire,
} from '@keurwijzer/shared/questionnaires';
import { CrudListPage } from '../../../components/crud-list-page';
import { RowAction } from '../../../components/row-action';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { formatDate } from '../../../lib/format';
import { questionnairesResource, useDuplicateQuestionnaire } from '../api/questionnaires';
import { QuestionnaireStatusChip } from '../components/questionnaire-status';

/** A select filter kept in the URL like the rest of the list state. */
function FilterSelect({ name, label, options }: { name: string; label: string; options: Record<string, string> }) {
  const [params, setParams] = useSearchParams();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={params.get(name) ?? ''}
      onChange={(e) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (e.target.value) next.set(name, e.target.value);
            else next.delete(name);
            next.delete('page');
            return next;
          },
          { replace: true },
        )
      }
      // The whole width on a phone (they fold open one under the other), beside the search above.
      sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
    >
      <MenuItem value="">Alle</MenuItem>
      {Object.entries(options).map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** admin/questionnaires: filter by type and status; duplicate, preview and open categories. */
export default function QuestionnairesList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const run = useConfirmedAction();
  const duplicate = useDuplicateQuestionnaire();
  const type = params.get('inspection_type');
  const status = params.get('status');

  const onDuplicate = async (q: Questionnaire) => {
    const res = await run(
      {
        title: 'Vragenlijst dupliceren',
        message: `Er wordt een kopie van "${q.name}" gemaakt met alle categorieën en vragen, met de status Concept.`,
        confirmLabel: 'Dupliceren',
      },
      () => duplicate.mutateAsync(q.id),
    );
    if (res) await navigate(`/admin/questionnaires/${res.data.id}/edit`);
  };

  return (
    <CrudListPage<Questionnaire>
      resource={questionnairesResource}
      title="Vragenlijsten"
      newLabel="Nieuwe vragenlijst"
      newTo="/admin/questionnaires/create"
      noun="vragenlijst"
      describe={(q) => q.name}
      defaultSort="name"
      searchLabel="Zoeken op naam"
      editTo={(q) => `/admin/questionnaires/${q.id}/edit`}
      filterQuery={{
        inspection_type: type && (INSPECTION_TYPES as readonly string[]).includes(type) ? type : undefined,
        status: status && (QUESTIONNAIRE_STATUSES as readonly string[]).includes(status) ? status : undefined,
      }}
      filters={
        <>
          <FilterSelect name="inspection_type" label="Type" options={INSPECTION_TYPE_LABELS} />
          <FilterSelect name="status" label="Status" options={QUESTIONNAIRE_STATUS_LABELS} />
        </>
      }
      rowActions={(q) => (
        <>
          <RowAction
            label="Categorieën en vragen"
            icon={<ListIcon />}
            to={`/admin/questionnaires/${q.id}/categories`}
          />
          <RowAction label="Voorbeeld" icon={<VisibilityIcon />} to={`/admin/questionnaires/${q.id}/preview`} />
          <RowAction label="Dupliceren" icon={<ContentCopyIcon />} onClick={() => void onDuplicate(q)} />
        </>
      )}
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (q) => q.name },
        {
          key: 'inspection_type',
          label: 'Type',
          sortable: true,
          hideBelow: 'sm',
          render: (q) => INSPECTION_TYPE_LABELS[q.inspection_type],
        },
        {
          key: 'status',
          label: 'Status',
          sortable: true,
          render: (q) => <QuestionnaireStatusChip status={q.status} />,
        },
        {
          key: 'questions_count',
          label: 'Vragen',
          align: 'right',
          hideBelow: 'md',
          render: (q) => `${q.questions_count} in ${q.categories_count} cat.`,
        },
        {
          key: 'created_at',
          label: 'Toegevoegd',
          sortable: true,
          hideBelow: 'lg',
          render: (q) => formatDate(q.created_at),
        },
      ]}
    />
  );
}
