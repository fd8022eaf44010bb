import { describe, expect, it } from 'vitest';
import type { ReportCategory, ReportQuestion } from '@keurwijzer/shared/reports';
import { COMPLIANCE_TEXT } from '@keurwijzer/shared/compliance';
import { isAnswered, judgementOf, limitsOf, liveVerdict, measurementInput } from './report-format';

const at = '2026-11-26T06:00:00.000Z';
const choice = (option: number | null, skipped = false): ReportQuestion => ({
  id: 1,
  name: 'Snoer',
  kind: 'choice',
  answer_options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
  answer_judgements: ['good', 'remark', 'reject', 'na'],
  unit: null,
  min_value: null,
  max_value: null,
  memo_title: null,
  position: skipped ? 2 : 1,
  answer: option === null ? null : { option, value: null, judgement: null, memo: null, answered_at: at },
  photos: [],
  previous: null,
});
const measured = (value: string | null, memo: string | null = null): ReportQuestion => ({
  ...choice(null),
  kind: 'measurement',
  answer_options: [],
  answer_judgements: [],
  unit: 'Ohm',
  max_value: '0.30',
  answer: value === null && memo === null ? null : { option: null, value, judgement: null, memo, answered_at: at },
});
const category = (questions: ReportQuestion[], skipped = false): ReportCategory => ({
  id: skipped ? 2 : 1,
  name: 'Elektra',
  position: 1,
  skipped,
  questions,
});

describe('report-format: judgements and the live verdict on this device', () => {
  it('judges an option by its judgement and a measurement by its limits (inclusive)', () => {
    expect(judgementOf(choice(1), choice(1).answer)).toBe('good');
    expect(judgementOf(choice(2), choice(2).answer)).toBe('remark');
    expect(judgementOf(choice(3), choice(3).answer)).toBe('reject');
    expect(judgementOf(choice(null), null)).toBeNull();
    expect(judgementOf(measured('0.30'), measured('0.30').answer)).toBe('good');
    expect(judgementOf(measured('0.31'), measured('0.31').answer)).toBe('reject');
    expect(judgementOf(measured(null, 'memo'), measured(null, 'memo').answer)).toBeNull();
    expect(limitsOf(measured(null))).toBe('max. 0,30 Ohm');
  });

  it('a measurement is answered by its value, not by a memo', () => {
    expect(isAnswered(measured('0.1'))).toBe(true);
    expect(isAnswered(measured(null, 'Meter kwijt'))).toBe(false);
    expect(isAnswered(choice(1))).toBe(true);
    expect(isAnswered(choice(null))).toBe(false);
  });

  it('derives the verdict over the categories that are not skipped', () => {
    expect(liveVerdict([category([choice(1), measured('0.2')])])).toBe('approved');
    expect(liveVerdict([category([choice(2), measured('0.2')])])).toBe('approved_with_remarks');
    expect(liveVerdict([category([choice(1), measured('0.45')])])).toBe('rejected');
    expect(liveVerdict([category([choice(1)]), category([measured('0.45')], true)])).toBe('approved');
  });
});

describe('the value field of a measurement', () => {
  const pe = measured(null);

  it('sends a possible value with its judgement, and an empty field as none', () => {
    expect(measurementInput('0,28', pe)).toEqual({
      value: '0.28',
      send: true,
      error: null,
      warning: null,
      within: true,
    });
    expect(measurementInput('0,45', pe)).toMatchObject({ value: '0.45', send: true, within: false, warning: null });
    expect(measurementInput('  ', pe)).toEqual({ value: null, send: true, error: null, warning: null, within: null });
  });

  it('refuses what is no number and what no instrument shows, with the shared Dutch text, and sends nothing', () => {
    expect(measurementInput('0,3x', pe)).toEqual({
      value: null,
      send: false,
      error: COMPLIANCE_TEXT.invalidMeasurement,
      warning: null,
      within: null,
    });
    expect(measurementInput('-0,1', pe)).toEqual({
      value: null,
      send: false,
      error: 'Een weerstand kan niet negatief zijn. Controleer de meetwaarde.',
      warning: null,
      within: null,
    });
    // A voltage has a sign.
    expect(measurementInput('-0,1', { ...pe, unit: 'V' })).toMatchObject({ value: '-0.1', send: true, error: null });
  });

  it('warns under the field about an implausible value and sends it all the same', () => {
    expect(measurementInput('50000', pe)).toEqual({
      value: '50000',
      send: true,
      error: null,
      warning: COMPLIANCE_TEXT.implausibleMeasurement,
      within: false,
    });
  });
});
