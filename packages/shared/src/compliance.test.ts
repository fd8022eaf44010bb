import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_TEXT,
  impossibleMeasurement,
  implausibleMeasurement,
  measuredValueField,
  unitOf,
} from './compliance';

const PE = { unit: 'Ohm', min_value: null, max_value: '0.30' };
const INSULATION = { unit: 'MOhm', min_value: '1.0', max_value: null };
const LEAKAGE = { unit: 'mA', min_value: null, max_value: '3.5' };
const RCD = { unit: 'ms', min_value: null, max_value: '300' };

describe('units of measurements', () => {
  it('knows resistance, current, time and voltage with their prefixes, the case of a prefix counting', () => {
    expect(unitOf('Ohm')).toEqual({ quantity: 'resistance', factor: 1 });
    expect(unitOf('\u03a9')).toEqual({ quantity: 'resistance', factor: 1 }); // omega
    expect(unitOf('\u2126')).toEqual({ quantity: 'resistance', factor: 1 }); // the ohm sign
    expect(unitOf(' MOhm ')).toEqual({ quantity: 'resistance', factor: 1e6 });
    expect(unitOf('MΩ')).toEqual({ quantity: 'resistance', factor: 1e6 });
    expect(unitOf('mOhm')).toEqual({ quantity: 'resistance', factor: 1e-3 });
    expect(unitOf('kOhm')).toEqual({ quantity: 'resistance', factor: 1e3 });
    expect(unitOf('mA')).toEqual({ quantity: 'current', factor: 1e-3 });
    expect(unitOf('\u00b5A')).toEqual({ quantity: 'current', factor: 1e-6 }); // the micro sign
    expect(unitOf('\u03bcA')).toEqual({ quantity: 'current', factor: 1e-6 }); // mu
    expect(unitOf('uA')).toEqual({ quantity: 'current', factor: 1e-6 });
    expect(unitOf('ms')).toEqual({ quantity: 'time', factor: 1e-3 });
    expect(unitOf('s')).toEqual({ quantity: 'time', factor: 1 });
    expect(unitOf('min')).toEqual({ quantity: 'time', factor: 60 });
    expect(unitOf('V')).toEqual({ quantity: 'voltage', factor: 1 });
    for (const other of ['°C', 'bar', 'mm', 'N', '%', '', null]) expect(unitOf(other), String(other)).toBeNull();
  });
});

describe('impossible measurements', () => {
  it('refuses below zero for a resistance, a current and a time, in any of their units', () => {
    expect(impossibleMeasurement('-0.1', 'Ohm')).toBe(COMPLIANCE_TEXT.negativeMeasurement('weerstand'));
    expect(impossibleMeasurement('-5', 'MOhm')).toBe(COMPLIANCE_TEXT.negativeMeasurement('weerstand'));
    expect(impossibleMeasurement('-0.01', 'mA')).toBe(COMPLIANCE_TEXT.negativeMeasurement('stroom'));
    expect(impossibleMeasurement('-12', 'ms')).toBe(COMPLIANCE_TEXT.negativeMeasurement('tijd'));
    expect(COMPLIANCE_TEXT.negativeMeasurement('weerstand')).toBe(
      'Een weerstand kan niet negatief zijn. Controleer de meetwaarde.',
    );
  });

  it('takes zero and positive values, a negative voltage and a negative value of a unit it does not know', () => {
    for (const value of ['0', '0.00', '0.28', '250']) expect(impossibleMeasurement(value, 'Ohm'), value).toBeNull();
    expect(impossibleMeasurement('-12', 'V')).toBeNull();
    expect(impossibleMeasurement('-18', '°C')).toBeNull();
    expect(impossibleMeasurement('-1', null)).toBeNull();
  });

  it('is the zod field of a question: the format first, then what an instrument can show', () => {
    const field = measuredValueField(PE);
    expect(field.parse('0,28')).toBe('0.28');
    expect(field.parse('')).toBeNull();
    const negative = field.safeParse('-0,1');
    expect(negative.success).toBe(false);
    expect(negative.error?.issues.map((i) => i.message)).toEqual([COMPLIANCE_TEXT.negativeMeasurement('weerstand')]);
    expect(field.safeParse('0,3x').error?.issues.map((i) => i.message)).toEqual([COMPLIANCE_TEXT.invalidMeasurement]);
    expect(measuredValueField({ unit: '°C' }).parse('-18')).toBe('-18');
  });
});

describe('implausible measurements', () => {
  it('warns far beyond the maximum: 50.000 Ohm on "max. 0,30 Ohm", but not a broken conductor at 250 Ohm', () => {
    expect(implausibleMeasurement('50000', PE)).toBe(true);
    expect(implausibleMeasurement('50', PE)).toBe(false);
    expect(implausibleMeasurement('0.45', PE)).toBe(false);
    expect(implausibleMeasurement('250', PE)).toBe(false);
    expect(implausibleMeasurement('3500.1', LEAKAGE)).toBe(true);
    expect(implausibleMeasurement('3500', LEAKAGE)).toBe(false);
    expect(implausibleMeasurement('300001', RCD)).toBe(true);
  });

  it('warns beyond what a tester shows in the unit, also without a maximum', () => {
    // Good insulation reads thousands of megohms; a value typed in ohms into MOhm is beyond 10 TΩ.
    expect(implausibleMeasurement('5000', INSULATION)).toBe(false);
    expect(implausibleMeasurement('250000000', INSULATION)).toBe(true);
    expect(implausibleMeasurement('3000000', { unit: 'mA', min_value: null, max_value: null })).toBe(true);
    expect(implausibleMeasurement('-20000', { unit: 'V', min_value: null, max_value: null })).toBe(true);
    expect(implausibleMeasurement('230', { unit: 'V', min_value: null, max_value: null })).toBe(false);
    expect(implausibleMeasurement('99999999', { unit: 'bar', min_value: null, max_value: null })).toBe(false);
  });
});
