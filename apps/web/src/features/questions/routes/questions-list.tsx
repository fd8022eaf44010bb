import type { Question } from '@keurwijzer/shared/master-data';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { questionsResource } from '../api/questions';
import { QuestionAnswers, questionKindText } from '../../../components/judgement/question-answers';

/** admin/questions: the question bank. */
export default function QuestionsList() {
  return (
    <CrudListPage<Question>
      resource={questionsResource}
      title="Vragen"
      newLabel="Nieuwe vraag"
      base="/admin/questions"
      noun="vraag"
      defaultSort="order"
      searchLabel="Zoeken op vraag"
      columns={[
        { key: 'order', label: 'Volgorde', sortable: true, align: 'right', hideBelow: 'sm', render: (q) => q.order },
        { key: 'name', label: 'Vraag', sortable: true, render: (q) => q.name },
        { key: 'kind', label: 'Soort', render: (q) => questionKindText(q) },
        {
          key: 'answer_options',
          label: 'Antwoorden',
          hideBelow: 'md',
          render: (q) => (q.kind === 'choice' ? <QuestionAnswers question={q} /> : '–'),
        },
        { key: 'memo_title', label: 'Opmerkingenveld', hideBelow: 'lg', render: (q) => q.memo_title ?? '' },
        {
          key: 'questionnaires_count',
          label: 'In vragenlijsten',
          align: 'right',
          hideBelow: 'sm',
          render: (q) => q.questionnaires_count,
        },
      ]}
    />
  );
}
