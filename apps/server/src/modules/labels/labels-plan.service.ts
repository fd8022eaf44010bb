import { dutchToday } from '@keurwijzer/shared/format';
import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import { planRefusal } from '@keurwijzer/shared/tasklists';
import { TEXT } from '@keurwijzer/shared/texts';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, notFound } from '../../lib/errors';
import { codeReader, type LabelsDeps } from './labels-deps';
import { labelsPolicy } from './labels.policy';

/** A scanned machine planned on the mechanic's task list of today. */
export function labelPlanning(deps: LabelsDeps) {
  const { db, repo, tasklists } = deps;
  const machineOf = codeReader(deps);

  return {
    /**
     * POST /api/labels/:token/plan: the machine on the user's task list of today at its location
     * (one of a type the machine has a questionnaire for; made when there is none), by the task
     * lists' own plan statement. 409 when the machine already has an open report on any list,
     * or is on today's list already; 422 when it cannot be planned (inactive, no questionnaire).
     * One plan of a machine at a time (an advisory lock), so two scans at once plan it once.
     */
    async plan(actor: Actor, token: string): Promise<{ report_id: number }> {
      labelsPolicy.assertPlan(actor);
      const machine = await machineOf(token);
      return db.transaction(async (tx) => {
        await repo.lockMachine(machine.id, tx);
        if (await repo.plannedOpen(machine.id, tx)) throw conflict(LABEL_TEXT.alreadyPlanned);
        const types = await repo.questionnaireTypes(machine.id, tx);
        const today = dutchToday();
        let listId = await repo.listOfDay(
          { userId: actor.id, customerId: machine.customerId, locationId: machine.locationId, day: today, types },
          tx,
        );
        if (listId === undefined) {
          const type = types[0];
          if (!type) {
            const reason = planRefusal({
              at_location: true,
              archived: false,
              status: machine.status,
              questionnaire_id: null,
              questions: 0,
            });
            throw new AppError(422, reason ?? TEXT.validation, { machine: [reason ?? TEXT.validation] });
          }
          listId = await tasklists.insert(
            {
              customerId: machine.customerId,
              locationId: machine.locationId,
              inspectionType: type,
              plannedDate: today,
              createdBy: actor.id,
            },
            tx,
          );
        }
        const row = await tasklists.row(listId, tx, 'no key update');
        if (!row) throw notFound();
        const [check] = await tasklists.planChecks(row, [machine.id], tx);
        if (check?.planned) throw conflict(LABEL_TEXT.alreadyOnList);
        const reason = check ? planRefusal(check) : TEXT.notFound;
        if (reason) throw new AppError(422, reason, { machine: [reason] });
        await tasklists.plan(row, [machine.id], tx);
        const reportId = await repo.reportOn(listId, machine.id, tx);
        if (reportId === undefined) throw notFound();
        return { report_id: reportId };
      });
    },
  };
}
