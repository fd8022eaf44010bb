import { describe, expect, it } from 'vitest';
import {
  allGoodAnswers,
  allGoodConfirmText,
  previousAnswerText,
  replacedByText,
  replacesText,
} from './report-versions';

type Q = Parameters<typeof allGoodAnswers>[0][number];
const choice = (id: number, judgements: string[], answer: Q['answer'] = null): Q => ({
  id,
  kind: 'choice',
  answer_judgements: judgements,
  answer,
});

describe('previous answer hint', () => {
  it('says the previous answer with its day, or without one', () => {
    expect(previousAnswerText('Goed', null)).toBe('Vorige keuring: Goed');
    expect(previousAnswerText('0,28 Ohm', '12-03-2026')).toBe('Vorige keuring (12-03-2026): 0,28 Ohm');
  });
});

describe('Alles goed', () => {
  it('answers only the unanswered choice questions that have a Goed option, with the first one', () => {
    const questions: Q[] = [
      choice(1, ['good', 'reject']),
      choice(2, ['reject', 'remark', 'good', 'good']),
      choice(3, ['good', 'reject'], { option: 2, value: null }),
      choice(4, ['reject', 'na']),
      { id: 5, kind: 'measurement', answer_judgements: [], answer: null },
      // A memo alone is no answer.
      choice(6, ['good'], { option: null, value: null }),
    ];
    expect(allGoodAnswers(questions)).toEqual([
      { questionId: 1, option: 1 },
      { questionId: 2, option: 3 },
      { questionId: 6, option: 1 },
    ]);
  });

  it('answers nothing when every question is answered or has no Goed option', () => {
    expect(allGoodAnswers([choice(1, ['good'], { option: 1, value: null }), choice(2, ['remark'])])).toEqual([]);
  });

  it('asks in words with the count and the category', () => {
    expect(allGoodConfirmText(3, 'Elektrisch')).toBe('Alle 3 open vragen van Elektrisch beantwoorden met Goed?');
    expect(allGoodConfirmText(1, 'Frame')).toBe('Alle 1 open vraag van Frame beantwoorden met Goed?');
  });
});

describe('version texts', () => {
  it('names the version a report replaces and the one that replaced it', () => {
    expect(
      replacesText({ version: 2, replaces: { id: 7, version: 1, submitted_at: '2026-03-12T09:00:00.000Z' } }),
    ).toBe('Versie 2, vervangt versie 1');
    expect(replacesText({ version: 1, replaces: null })).toBeNull();
    expect(replacedByText({ replaced_by: { id: 9, version: 2, submitted_at: null } })).toBe('Vervangen door versie 2');
    expect(replacedByText({ replaced_by: null })).toBeNull();
  });
});
