import { useParams } from 'react-router';
import { QuestionInputSchema, type Question } from '@keurwijzer/shared/master-data';
import { CrudFormPage } from '../../../components/form/crud-form-page';
import { questionsResource } from '../api/questions';
import { QuestionFields, questionValues } from '../components/question-fields';

/** admin/questions/create and admin/questions/{id}/edit */
export default function QuestionForm() {
  const { id } = useParams();
  return (
    <CrudFormPage
      resource={questionsResource}
      id={id ? Number(id) : undefined}
      schema={QuestionInputSchema}
      // Four option rows with a judgement each; empty rows are dropped by the shared schema, and
      // what the admin typed (limits with a comma) is sent as is: the server parses it.
      values={(q?: Question) => questionValues(q)}
      title={(q) => (q ? 'Vraag wijzigen' : 'Nieuwe vraag')}
      crumbs={(q) => [{ label: 'Vragen', to: '/admin/questions' }, { label: q ? q.name : 'Nieuwe vraag' }]}
      backTo="/admin/questions"
      fields={(control, item) => <QuestionFields control={control} item={item} />}
    />
  );
}
