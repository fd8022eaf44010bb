import { useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MAX_ANSWER_OPTIONS,
  QuestionInputSchema,
  type Question,
  type QuestionFormValues,
} from '@keurwijzer/shared/master-data';
import { CrudFormPage } from '../../../components/form/crud-form-page';
import { GroupError, TextFieldElement } from '../../../components/form/form-fields';
import { questionsResource } from '../api/questions';

const DEFAULT_OPTIONS = ['Goed', 'Matig', 'Slecht', 'n.v.t.'];

/** admin/questions/create and admin/questions/{id}/edit */
export default function QuestionForm() {
  const { id } = useParams();
  return (
    <CrudFormPage
      resource={questionsResource}
      id={id ? Number(id) : undefined}
      schema={QuestionInputSchema}
      // The form keeps four option fields; empty ones are dropped by the shared schema.
      values={(q?: Question): QuestionFormValues => ({
        name: q?.name ?? '',
        answer_options: Array.from({ length: MAX_ANSWER_OPTIONS }, (_, i) =>
          q ? (q.answer_options[i] ?? '') : DEFAULT_OPTIONS[i]!,
        ),
        memo_title: q?.memo_title ?? 'Opmerkingen',
        order: q?.order ?? 0,
      })}
      title={(q) => (q ? 'Vraag wijzigen' : 'Nieuwe vraag')}
      crumbs={(q) => [{ label: 'Vragen', to: '/admin/questions' }, { label: q ? q.name : 'Nieuwe vraag' }]}
      backTo="/admin/questions"
      fields={(control) => (
        <>
          <TextFieldElement name="name" control={control} label="Vraag" required multiline minRows={2} autoFocus />
          <Typography variant="subtitle2" component="h2">
            Antwoordopties (1 tot 4)
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {Array.from({ length: MAX_ANSWER_OPTIONS }, (_, i) => (
              <TextFieldElement
                key={i}
                name={`answer_options.${i}`}
                control={control}
                label={`Antwoordoptie ${i + 1}`}
              />
            ))}
          </Stack>
          <GroupError name="answer_options" control={control} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextFieldElement
              name="memo_title"
              control={control}
              label="Titel opmerkingenveld"
              helperText="De titel boven het vrije tekstveld bij deze vraag"
            />
            <TextFieldElement
              name="order"
              control={control}
              label="Volgorde"
              type="number"
              sx={{ maxWidth: { sm: 200 } }}
            />
          </Stack>
        </>
      )}
    />
  );
}
