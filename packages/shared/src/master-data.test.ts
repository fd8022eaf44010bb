import { describe, expect, it } from 'vitest';
import { QuestionInputSchema } from './master-data';

const errorsOf = (input: unknown) => {
  const r = QuestionInputSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.') || '_'] ??= []).push(i.message);
  return out;
};

describe('QuestionInputSchema', () => {
  it('keeps each judgement with its option, fills missing ones by label and drops empty options', () => {
    const q = QuestionInputSchema.parse({
      name: 'Kabel',
      answer_options: ['Goed', '', 'Slecht', 'Matig'],
      answer_judgements: ['remark', 'good', '', undefined],
    });
    expect(q).toMatchObject({
      kind: 'choice',
      answer_options: ['Goed', 'Slecht', 'Matig'],
      answer_judgements: ['remark', 'reject', 'remark'],
      unit: null,
      min_value: null,
      max_value: null,
    });
    expect(QuestionInputSchema.parse({ name: 'x', answer_options: 'n.v.t.' }).answer_judgements).toEqual(['na']);
  });

  it('refuses an unknown judgement at its position', () => {
    expect(errorsOf({ name: 'x', answer_options: ['Goed', 'Slecht'], answer_judgements: ['good', 'fout'] })).toEqual({
      'answer_judgements.1': ['Ongeldige keuze'],
    });
  });

  it('parses a measurement typed with a comma and drops its options', () => {
    const q = QuestionInputSchema.parse({
      name: 'Isolatieweerstand',
      kind: 'measurement',
      unit: ' MOhm ',
      min_value: '1,0',
      max_value: '',
      answer_options: ['Goed'],
      answer_judgements: ['good'],
    });
    expect(q).toMatchObject({
      unit: 'MOhm',
      min_value: '1.0',
      max_value: null,
      answer_options: [],
      answer_judgements: [],
    });
    // Equal limits are fine (both inclusive).
    expect(errorsOf({ name: 'x', kind: 'measurement', unit: 'V', min_value: '0,3', max_value: '0.30' })).toEqual({});
  });

  it('reports every measurement problem at once, on its field', () => {
    expect(errorsOf({ name: '', kind: 'measurement', unit: '', min_value: '', max_value: '' })).toEqual({
      name: ['Verplicht'],
      unit: ['Vul een eenheid in'],
      min_value: ['Vul een minimum en/of een maximum in'],
    });
    expect(errorsOf({ name: 'x', kind: 'measurement', unit: 'Ohm', min_value: '2', max_value: '1,5' })).toEqual({
      min_value: ['Het minimum moet kleiner zijn dan of gelijk aan het maximum'],
    });
    expect(errorsOf({ name: 'x', kind: 'measurement', unit: 'Ohm', min_value: 'abc', max_value: '1' })).toEqual({
      min_value: ['Vul een getal in, bijvoorbeeld 0,30'],
    });
    expect(errorsOf({ name: 'x', kind: 'measurement', unit: 'x'.repeat(21), max_value: '1' })).toEqual({
      unit: ['Maximaal 20 tekens'],
    });
  });

  it('ignores the limits of a choice question (left over from switching kinds)', () => {
    expect(
      errorsOf({ name: 'x', kind: 'choice', answer_options: ['Ja'], min_value: 'abc', unit: 'x'.repeat(30) }),
    ).toEqual({});
    expect(errorsOf({ name: 'x', kind: 'meting', answer_options: ['Ja'] })).toEqual({ kind: ['Ongeldige keuze'] });
  });
});
