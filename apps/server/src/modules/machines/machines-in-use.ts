import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { machineQuestionnaires, machines } from '../../db/schema/machines';
import { plural } from '../../lib/presenters';

/**
 * The 409 reason when machines (archived ones too: they keep their history) still refer to an
 * item through `column`, else null. `what` completes the sentence: "dit merk", "deze vestiging".
 */
export async function machinesUsing(tx: Executor, column: PgColumn, id: number, what: string): Promise<string | null> {
  const n = await tx.$count(machines, eq(column, id));
  return n > 0
    ? `${capitalize(what)} wordt gebruikt door ${plural(n, 'machine', 'machines')} en kan niet worden verwijderd.`
    : null;
}

/** The same for a questionnaire chosen by machines. */
export async function machinesUsingQuestionnaire(tx: Executor, questionnaireId: number): Promise<string | null> {
  const n = await tx.$count(machineQuestionnaires, eq(machineQuestionnaires.questionnaireId, questionnaireId));
  return n > 0
    ? `Deze vragenlijst wordt gebruikt door ${plural(n, 'machine', 'machines')} en kan niet worden verwijderd.`
    : null;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
