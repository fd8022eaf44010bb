import type { Question, QuestionInput } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const questionsResource = createResource<Question, QuestionInput>('questions', () => '/api/questions');
