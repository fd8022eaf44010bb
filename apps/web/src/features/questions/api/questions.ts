import type { Question, QuestionFormValues } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const questionsResource = createResource<Question, QuestionFormValues>('questions', () => '/api/questions');
