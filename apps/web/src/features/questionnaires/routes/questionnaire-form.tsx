import { useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import {
  INSPECTION_TYPES,
  INSPECTION_TYPE_LABELS,
  QUESTIONNAIRE_STATUSES,
  QUESTIONNAIRE_STATUS_LABELS,
  QuestionnaireInputSchema,
  type QuestionnaireFormValues,
} from '@keurwijzer/shared/questionnaires';
import { CrudFormPage } from '../../../components/form/crud-form-page';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { questionnairesResource } from '../../../lib/api/questionnaires';
import { labelOptions } from '../../../lib/label-options';

/** admin/questionnaires/create and admin/questionnaires/{id}/edit */
export default function QuestionnaireForm() {
  const { id } = useParams();
  return (
    <CrudFormPage
      resource={questionnairesResource}
      id={id ? Number(id) : undefined}
      schema={QuestionnaireInputSchema}
      values={(q) => ({
        name: q?.name ?? '',
        inspection_type: q?.inspection_type ?? ('' as QuestionnaireFormValues['inspection_type']),
        status: q?.status ?? 'concept',
      })}
      title={(q) => (q ? `${q.name} wijzigen` : 'Nieuwe vragenlijst')}
      crumbs={(q) => [
        { label: 'Vragenlijsten', to: '/admin/questionnaires' },
        { label: q ? q.name : 'Nieuwe vragenlijst' },
      ]}
      backTo="/admin/questionnaires"
      fields={(control) => (
        <>
          <TextFieldElement name="name" control={control} label="Naam" required autoFocus />
          {/* Side by side from tablet width: two short selects across the whole form read badly. */}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <SelectElement
              name="inspection_type"
              control={control}
              label="Type"
              required
              options={labelOptions(INSPECTION_TYPES, INSPECTION_TYPE_LABELS)}
            />
            <SelectElement
              name="status"
              control={control}
              label="Status"
              required
              helperText="Alleen actieve vragenlijsten kunnen aan machines worden gekoppeld"
              options={labelOptions(QUESTIONNAIRE_STATUSES, QUESTIONNAIRE_STATUS_LABELS)}
            />
          </Stack>
        </>
      )}
    />
  );
}
