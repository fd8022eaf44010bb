import { TEXT } from '@keurwijzer/shared/texts';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import {
  TASKLIST_TEXT,
  planRefusal,
  type PlanMachinesInput,
  type SkippedMachine,
  type TasklistCandidate,
  type TasklistInput,
  type TasklistListQuery,
} from '@keurwijzer/shared/tasklists';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { dueClock } from '../../lib/due-state';
import { tasklistsPolicy } from './tasklists.policy';
import type { TasklistsRepository } from './tasklists.repository';
import { tasklistChecks } from './tasklists-checks';
import type { CandidateRow, PlanCheck } from './tasklists-plan.repository';

/** Why a machine cannot be planned on the list, or null when it can (shared/tasklists.ts). */
const refusal = (c: Pick<PlanCheck, 'at_location' | 'archived' | 'status' | 'questionnaire_id' | 'questions'>) =>
  planRefusal(c);

const toCandidate = ({ questions, ...row }: CandidateRow): TasklistCandidate => {
  const reason = row.report_id !== null ? null : refusal({ at_location: true, archived: false, questions, ...row });
  return { ...row, plannable: row.report_id === null && reason === null, reason };
};

/**
 * Task lists: create, edit, delete (while nothing was filled in), plan machines (each gets its
 * report with a copy of its questionnaire) and take them off again (while their report is
 * untouched). Every method takes the actor first and checks it (tasklists.policy.ts); the
 * queries are the repository's. Changes of one task list lock its row first, so they run one
 * after the other (a plan and a delete at once, two plans of the same machine); a report is
 * locked after its list, the order an answer or a submit keeps too (the reports module), as the
 * triggers of migration 0010 update the list's figures when a report changes.
 */
export function createTasklistsService({
  db,
  repo,
  dueSoonDays,
}: {
  db: Db;
  repo: TasklistsRepository;
  /** config.dueSoonDays: the "Binnenkort" window of the due states. */
  dueSoonDays: number;
}) {
  const clock = () => dueClock(dueSoonDays);

  const common = tasklistChecks(db, repo);

  return {
    /** A page of the overview (`mine`: the actor's own task lists). */
    list(actor: Actor, query: TasklistListQuery) {
      tasklistsPolicy.assertRead(actor);
      return repo.list(query, actor.id);
    },

    /** One task list with its planned machines and their reports. */
    get(actor: Actor, id: number) {
      tasklistsPolicy.assertRead(actor);
      return common.detail(id);
    },

    /** The machines at the list's location, with whether (and why not) each can be planned. */
    async candidates(actor: Actor, id: number, query: { due: boolean } = { due: false }): Promise<TasklistCandidate[]> {
      tasklistsPolicy.assertRead(actor);
      const row = await common.rowOf(id);
      return (await repo.candidates(row, { clock: clock(), only: query.due })).map(toCandidate);
    },

    /** How many machines of a location are due for a type (the create form); 422 for an unknown location. */
    async dueCount(actor: Actor, locationId: number, type: InspectionType): Promise<number> {
      tasklistsPolicy.assertRead(actor);
      const count = await repo.dueCount(locationId, type, clock());
      if (count === undefined) throw fieldError('location_id', TASKLIST_TEXT.locationMissing);
      return count;
    },

    create(actor: Actor, input: TasklistInput) {
      tasklistsPolicy.assertWrite(actor);
      return common.recheckOnForeignKey(
        () =>
          db.transaction(async (tx) => {
            await common.assertReferences(input, tx);
            const id = await repo.insert({ ...common.columnsOf(input), createdBy: actor.id }, tx);
            return common.detail(id, tx);
          }),
        input,
      );
    },

    /** Planned date and remarks can always change; customer, location and type only while nothing is planned. */
    update(actor: Actor, id: number, input: TasklistInput) {
      tasklistsPolicy.assertWrite(actor);
      return common.recheckOnForeignKey(
        () =>
          db.transaction(async (tx) => {
            const before = await common.rowOf(id, tx, 'no key update');
            const moved =
              before.customer_id !== input.customer_id ||
              before.location_id !== input.location_id ||
              before.inspection_type !== input.inspection_type;
            if (moved && (await repo.reportsState(id, tx)).reports > 0) throw conflict(TASKLIST_TEXT.fixedWhilePlanned);
            await common.assertReferences(input, tx);
            await repo.update(id, common.columnsOf(input), tx);
            return common.detail(id, tx);
          }),
        input,
      );
    },

    /** Deletes the list with its reports, only while none of them has an answer or was submitted. */
    async delete(actor: Actor, id: number): Promise<void> {
      tasklistsPolicy.assertWrite(actor);
      await db.transaction(async (tx) => {
        await common.rowOf(id, tx, 'update');
        if ((await repo.reportsState(id, tx)).worked > 0) throw conflict(TASKLIST_TEXT.deleteWithAnswers);
        await repo.delete(id, tx);
      });
    },

    /**
     * Plans machines on the list: each gets its report with a copy of its questionnaire of the
     * list's type. All or nothing: one machine that cannot be planned (another location, no
     * questionnaire of this type, archived, not active) refuses the request with a 422 naming
     * it. Machines already on the list stay as they are (a repeated request changes nothing).
     */
    async plan(actor: Actor, id: number, input: PlanMachinesInput) {
      tasklistsPolicy.assertWrite(actor);
      const ids = [...new Set(input.machine_ids)];
      return db.transaction(async (tx) => {
        const row = await common.rowOf(id, tx, 'no key update');
        const checks = await repo.planChecks(row, ids, tx);
        const refused = checks
          .filter((c) => !c.planned)
          .map((c) => ({ c, reason: refusal(c) }))
          .filter((x): x is { c: PlanCheck; reason: string } => x.reason !== null)
          .map(({ c, reason }) => (c.name ? `${c.name}: ${reason}` : `Machine ${c.id}: ${reason}`));
        if (refused.length > 0) throw new AppError(422, TEXT.validation, { machine_ids: refused });
        const added = await repo.plan(row, ids, tx);
        return { tasklist: await common.detail(id, tx), added: added.length };
      });
    },

    /**
     * "Alle verlopen inplannen": plans every machine of the list's location that is due for its
     * type (Afgekeurd, Verlopen, Binnenkort) and not on it yet, by the plan path's own checks, in
     * the same transaction under the list's lock. Unlike `plan` it is not all or nothing: the
     * machines that cannot be planned (no questionnaire of this type, an empty one) are left
     * out and returned with their reason, so the screen can name them.
     */
    async planDue(actor: Actor, id: number) {
      tasklistsPolicy.assertWrite(actor);
      return db.transaction(async (tx) => {
        const row = await common.rowOf(id, tx, 'no key update');
        const ids = await repo.dueMachineIds(row, clock(), tx);
        const checks = ids.length > 0 ? await repo.planChecks(row, ids, tx) : [];
        const skipped: SkippedMachine[] = [];
        const plannable: number[] = [];
        for (const c of checks) {
          if (c.planned) continue;
          const reason = refusal(c);
          if (reason === null) plannable.push(c.id);
          else skipped.push({ id: c.id, name: c.name ?? `Machine ${c.id}`, reason });
        }
        const added = plannable.length > 0 ? await repo.plan(row, plannable, tx) : [];
        return { tasklist: await common.detail(id, tx), added: added.length, skipped };
      });
    },

    /** Takes a machine off the list with its report, only while the report has no answers and is open. */
    async unplan(actor: Actor, id: number, machineId: number) {
      tasklistsPolicy.assertWrite(actor);
      return db.transaction(async (tx) => {
        await common.rowOf(id, tx, 'no key update');
        const report = await repo.plannedReport(id, machineId, tx);
        if (!report) throw notFound(TASKLIST_TEXT.notPlanned);
        if (report.worked) throw conflict(TASKLIST_TEXT.removeWithAnswers);
        await repo.deleteReport(report.id, tx);
        return common.detail(id, tx);
      });
    },
  };
}

export type TasklistsService = ReturnType<typeof createTasklistsService>;
