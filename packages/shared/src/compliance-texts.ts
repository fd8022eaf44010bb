import { MAX_INTERVAL_MONTHS, MIN_INTERVAL_MONTHS } from './due-states';

/* The Dutch texts of judgements, measurements, verdicts and due dates (screens, PDF, xlsx, e-mail). */

export const COMPLIANCE_TEXT = {
  invalidMeasurement: 'Vul een getal in, bijvoorbeeld 0,30',
  negativeMeasurement: (noun: string) => `Een ${noun} kan niet negatief zijn. Controleer de meetwaarde.`,
  implausibleMeasurement:
    'Ongebruikelijk hoge waarde. Controleer de komma en de eenheid; klopt de waarde, dan kun je hem zo laten.',
  impossibleMeasurements: (n: number) =>
    n === 1
      ? 'Eén meetwaarde kan niet kloppen: verbeter die eerst'
      : `${n} meetwaarden kunnen niet kloppen: verbeter ze eerst`,
  measurementLimitsRequired: 'Vul een minimum en/of een maximum in',
  measurementLimitsOrder: 'Het minimum moet kleiner zijn dan of gelijk aan het maximum',
  unitRequired: 'Vul een eenheid in',
  withinLimits: 'Binnen de grenswaarde',
  outsideLimits: 'Buiten de grenswaarde',
  verdict: 'Oordeel',
  verdictOverride: 'Oordeel wijzigen',
  overrideReason: 'Reden van de wijziging',
  overrideReasonRequired: 'Geef een reden waarom je het oordeel wijzigt',
  overriddenBy: 'Oordeel gewijzigd door de monteur',
  nextDue: (day: string) => `Volgende keuring vóór ${day}`,
  neverInspected: 'Nog nooit gekeurd',
  measurements: 'Metingen',
  limits: 'Grenswaarde',
  value: 'Waarde',
  unit: 'Eenheid',
  intervalMonths: 'Interval (maanden)',
  intervalInvalid: `Vul een aantal maanden in van ${MIN_INTERVAL_MONTHS} tot en met ${MAX_INTERVAL_MONTHS}`,
} as const;
