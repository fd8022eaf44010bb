import { useNavigate } from 'react-router';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  INSPECTION_TYPES,
  INSPECTION_TYPE_LABELS,
  QUESTIONNAIRE_STATUSES,
  QUESTIONNAIRE_STATUS_LABELS,
  QUESTIONNAIRE_FILTER_KEYS,
  type Questionnaire,
} from '@keurwijzer/shared/questionnaires';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { RowAction } from '../../../components/table/row-action';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { formatDate } from '../../../lib/format';
import { questionnairesResource, useDuplicateQuestionnaire } from '../../../lib/api/questionnaires';
import { QuestionnaireStatusChip } from '../components/questionnaire-status';

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** admin/questionnaires: filter by type and status; duplicate, preview and open categories. */
export default function QuestionnairesList() {
  const [filters, setFilter] = useListFilters(QUESTIONNAIRE_FILTER_KEYS);
  const navigate = useNavigate();
  const run = useConfirmedAction();
  const duplicate = useDuplicateQuestionnaire();
  const type = filters.inspection_type;
  const status = filters.status;

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
      base="/admin/questionnaires"
      noun="vragenlijst"
      filterQuery={{
        inspection_type: type && (INSPECTION_TYPES as readonly string[]).includes(type) ? type : undefined,
        status: status && (QUESTIONNAIRE_STATUSES as readonly string[]).includes(status) ? status : undefined,
      }}
      filters={
        <>
          <FilterSelect
            label="Type"
            value={type}
            options={optionsOf(INSPECTION_TYPE_LABELS)}
            onChange={(v) => setFilter('inspection_type', v)}
          />
          <FilterSelect
            label="Status"
            value={status}
            options={optionsOf(QUESTIONNAIRE_STATUS_LABELS)}
            onChange={(v) => setFilter('status', v)}
          />
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
