import { z } from 'zod';
import { COMPLIANCE_TEXT } from './compliance-texts';
import type { Judgement } from './judgements';

/* Measured values: parsing, Dutch formatting, limits and the plausibility checks by unit. */

/** Largest absolute measurement value (numeric(12, 4) in the database). */
export const MAX_MEASUREMENT = 99_999_999;
/** Digits after the decimal separator a value may have. */
export const MEASUREMENT_DECIMALS = 4;
/** A unit is short: "Ohm", "MOhm", "mA", "ms", "V". */
export const MAX_UNIT = 20;

/**
 * A measured value as typed on a Dutch keyboard: "0,30", "0.30", "-1", " 12 ". One decimal
 * separator (comma or point), no thousands separators, at most 4 decimals. Returns the value as a
 * canonical decimal string with a point ("0.30": the digits as typed, so 0,30 stays 0,30), or null
 * when the text is not such a number.
 */
export function parseMeasurement(text: string | number): string | null {
  const raw = typeof text === 'number' ? (Number.isFinite(text) ? String(text) : '') : text.trim();
  const m = /^(-?)(\d{1,8})(?:[.,](\d{1,4}))?$/.exec(raw);
  if (!m) return null;
  const [, sign, whole, fraction] = m;
  const intPart = whole!.replace(/^0+(?=\d)/, '');
  const value = fraction === undefined ? intPart : `${intPart}.${fraction}`;
  return sign && Number(value) !== 0 ? `-${value}` : value;
}

/** "0.30" as "0,30" (the Dutch decimal comma). */
export const formatDecimal = (value: string | number): string => String(value).replace('.', ',');

/** "0,30 Ohm". */
export const formatMeasurement = (value: string | number, unit: string | null): string =>
  unit ? `${formatDecimal(value)} ${unit}` : formatDecimal(value);

/**
 * The limits as the screens and the PDF print them: "max. 0,30 Ohm", "min. 1,0 MOhm",
 * "0,5 – 2,0 mA": words a screen reader reads as well as the eye.
 */
export function formatLimits(min: string | null, max: string | null, unit: string | null): string {
  const u = unit ? ` ${unit}` : '';
  if (min !== null && max !== null) return `${formatDecimal(min)} – ${formatDecimal(max)}${u}`;
  if (max !== null) return `max. ${formatDecimal(max)}${u}`;
  if (min !== null) return `min. ${formatDecimal(min)}${u}`;
  return '';
}

/**
 * Whether a value lies within the limits, both inclusive. Compared as decimals (never as floats
 * of different precision): "0.30" with max "0.3" is within.
 */
export function withinLimits(value: string, min: string | null, max: string | null): boolean {
  const v = Number(value);
  if (min !== null && v < Number(min)) return false;
  if (max !== null && v > Number(max)) return false;
  return true;
}

/** The judgement of a measurement: Goed within the limits, Afkeur outside them. */
export const measurementJudgement = (value: string, min: string | null, max: string | null): Judgement =>
  withinLimits(value, min, max) ? 'good' : 'reject';

/** The zod field of a measured value: what the mechanic typed, parsed; '' or absent is none. */
export const measurementValueField = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    z
      .union([z.string(), z.number()], { error: COMPLIANCE_TEXT.invalidMeasurement })
      .transform((v, ctx) => {
        const parsed = parseMeasurement(v);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message: COMPLIANCE_TEXT.invalidMeasurement });
          return z.NEVER;
        }
        return parsed;
      })
      .nullable(),
  ) as unknown as z.ZodType<string | null, string | number | null | undefined>;

/**
 * What a measurement's unit measures. Resistance (protective conductor, insulation), current
 * (leakage, touch current) and time (an RCD's trip time) are shown by every tester as a magnitude:
 * below zero is a value no instrument shows. A voltage keeps its sign (a DC polarity). `highest`:
 * the largest reading, in the base unit, that a tester in the field still shows (insulation
 * testers reach 10 TΩ, clamp meters 2000 A, high-voltage insulation testers 10 kV); above it a
 * value is a typing error more often than a measurement.
 */
const QUANTITIES = {
  resistance: { base: 'Ω', noun: 'weerstand', signed: false, highest: 1e13 },
  current: { base: 'A', noun: 'stroom', signed: false, highest: 2000 },
  time: { base: 's', noun: 'tijd', signed: false, highest: 3600 },
  voltage: { base: 'V', noun: 'spanning', signed: true, highest: 10_000 },
} as const;
export type MeasuredQuantity = keyof typeof QUANTITIES;

const PREFIXES: Record<string, number> = { '': 1, G: 1e9, M: 1e6, k: 1e3, K: 1e3, m: 1e-3, μ: 1e-6, u: 1e-6 };
const BASES: Record<string, MeasuredQuantity> = { Ω: 'resistance', A: 'current', s: 'time', sec: 'time', V: 'voltage' };

/**
 * A unit as its quantity and the factor to the quantity's base unit: "MOhm", "MΩ" -> resistance
 * x 1e6, "mA", "µA", "uA" -> current, "ms", "s", "min" -> time, "V", "kV" -> voltage. The case of the
 * prefix counts (mΩ is not MΩ). Null for a unit these checks do not know ("°C", "bar", "mm"): such a
 * measurement is checked against its limits only.
 */
export function unitOf(unit: string | null | undefined): { quantity: MeasuredQuantity; factor: number } | null {
  // NFKC: the ohm sign (U+2126) is omega, the micro sign (U+00B5) is mu.
  const u = (unit ?? '').normalize('NFKC').trim().replace(/ohm$/i, 'Ω');
  if (u === 'min') return { quantity: 'time', factor: 60 };
  if (u === 'h' || u === 'uur') return { quantity: 'time', factor: 3600 };
  const m = /^([GMkKmμu]?)(Ω|A|s|sec|V)$/.exec(u);
  if (!m) return null;
  return { quantity: BASES[m[2]!]!, factor: PREFIXES[m[1]!]! };
}

/** A measurement question as the plausibility checks read it. */
export type MeasuredQuestion = { unit: string | null; min_value: string | null; max_value: string | null };

/**
 * Why no instrument can show `value` (a parsed measurement, "-0.1") in `unit`, or null when one
 * can: below zero for a resistance, a current or a time.
 */
export function impossibleMeasurement(value: string, unit: string | null): string | null {
  const u = unitOf(unit);
  if (!u || QUANTITIES[u.quantity].signed || !(Number(value) < 0)) return null;
  return COMPLIANCE_TEXT.negativeMeasurement(QUANTITIES[u.quantity].noun);
}

/** A value more than this many times its maximum is far more often a slip than a measurement. */
export const IMPLAUSIBLE_FACTOR = 1000;

/**
 * Whether a possible value is implausible: more than IMPLAUSIBLE_FACTOR times the question's
 * maximum (50000 on "max. 0,30 Ohm": a missed comma, the wrong unit), or beyond what a tester
 * shows in its unit. Only a warning: a broken protective conductor does read thousands of ohms.
 */
export function implausibleMeasurement(value: string, question: MeasuredQuestion): boolean {
  const v = Number(value);
  const max = question.max_value === null ? null : Number(question.max_value);
  if (max !== null && max > 0 && v > max * IMPLAUSIBLE_FACTOR) return true;
  const u = unitOf(question.unit);
  return u !== null && Math.abs(v) * u.factor > QUANTITIES[u.quantity].highest;
}

/**
 * The zod field of the measured value of one question (the report screen's field and the
 * server's answer save and submit): a number as `measurementValueField` takes it, and refused
 * when no instrument shows it in the question's unit (`impossibleMeasurement`).
 */
export const measuredValueField = (question: Pick<MeasuredQuestion, 'unit'>) =>
  measurementValueField().superRefine((value, ctx) => {
    const problem = value === null ? null : impossibleMeasurement(value, question.unit);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
