import { z } from 'zod';
import { MSG, sentAs } from './validation';

/* A task list's statuses and texts, the one rule of planning a machine, and the planned date. */

/**
 * Status of a task list, derived from its reports (never set by hand): Concept (no machines),
 * Gepland (machines, nothing answered yet), In uitvoering (an answer given or a report
 * submitted), Afgerond (every report submitted).
 */
export const TASKLIST_STATUSES = ['concept', 'planned', 'in_progress', 'completed'] as const;
export type TasklistStatus = (typeof TASKLIST_STATUSES)[number];
export const TASKLIST_STATUS_LABELS: Record<TasklistStatus, string> = {
  concept: 'Concept',
  planned: 'Gepland',
  in_progress: 'In uitvoering',
  completed: 'Afgerond',
};

/** Dutch reasons of the task list endpoints (409, 422). */
export const TASKLIST_TEXT = {
  locationOfCustomer: 'Kies een vestiging van deze klant',
  customerMissing: 'Deze klant bestaat niet (meer)',
  customerArchived: 'Deze klant is gearchiveerd',
  invalidDate: 'Ongeldige datum (bijvoorbeeld 31-12-2026)',
  fixedWhilePlanned:
    'Klant, vestiging en type kunnen niet meer worden gewijzigd: er zijn al machines ingepland. Haal die eerst van de takenlijst.',
  deleteWithAnswers: 'Deze takenlijst kan niet worden verwijderd: er zijn al rapporten ingevuld of ingediend.',
  removeWithAnswers:
    'Deze machine kan niet van de takenlijst worden gehaald: het rapport heeft al antwoorden of is ingediend.',
  notPlanned: 'Deze machine staat niet op deze takenlijst.',
  noQuestionnaire: 'Deze machine heeft geen vragenlijst van dit type en kan niet worden ingepland.',
  emptyQuestionnaire: 'De vragenlijst van deze machine heeft geen vragen en kan niet worden ingepland.',
  notAtLocation: 'Deze machine staat niet op deze vestiging.',
  machineMissing: 'Deze machine bestaat niet.',
  machineArchived: 'Deze machine is gearchiveerd.',
  machineInactive: 'Deze machine is niet actief.',
  alreadyPlanned: 'Deze machine staat al op deze takenlijst.',
  locationMissing: 'Deze vestiging bestaat niet (meer)',
} as const;

/** What planning a machine on a task list depends on, as the server reads it. */
export type PlanFacts = {
  /** null: no machine with this id. */
  at_location: boolean | null;
  archived: boolean;
  status: string | null;
  questionnaire_id: number | null;
  questions: number;
};

/** Why a machine cannot be planned on a task list, or null when it can (the plan endpoints' one rule). */
export function planRefusal(c: PlanFacts): string | null {
  if (c.at_location === null) return TASKLIST_TEXT.machineMissing;
  if (!c.at_location) return TASKLIST_TEXT.notAtLocation;
  if (c.archived) return TASKLIST_TEXT.machineArchived;
  if (c.status === 'inactive') return TASKLIST_TEXT.machineInactive;
  if (c.questionnaire_id === null) return TASKLIST_TEXT.noQuestionnaire;
  if (c.questions === 0) return TASKLIST_TEXT.emptyQuestionnaire;
  return null;
}

/** Earliest and latest planned year: a typo (0202, 20266) is refused rather than stored. */
const MIN_PLANNED_YEAR = 2000;
const MAX_PLANNED_YEAR = 2100;

/**
 * A calendar date as "YYYY-MM-DD" (what a date input sends) or typed in Dutch order ("31-12-2026",
 * "31/12/2026", "31.12.2026"); the API answers "YYYY-MM-DD".
 */
export function parseDate(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    if (!match) return undefined;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  if (y < MIN_PLANNED_YEAR || y > MAX_PLANNED_YEAR) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A required date: "Verplicht" when empty, "Ongeldige datum" when it is none. */
export const dateField = () =>
  sentAs<string>()(
    z.preprocess(
      (v) => {
        const parsed = parseDate(v);
        return parsed === undefined ? 'invalid' : (parsed ?? undefined);
      },
      z.string({ error: MSG.required }).refine((v) => v !== 'invalid', { error: TASKLIST_TEXT.invalidDate }),
    ),
  );
