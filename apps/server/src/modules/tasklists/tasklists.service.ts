import { TEXT } from '@keurwijzer/shared/texts';
import {
  TASKLIST_TEXT,
  type PlanMachinesInput,
  type TasklistCandidate,
  type TasklistDetail,
  type TasklistInput,
  type TasklistListQuery,
} from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import { tasklistsPolicy } from './tasklists.policy';
import type { CandidateRow, PlanCheck, TasklistRow, TasklistsRepository } from './tasklists.repository';

/** Why a machine cannot be planned on the list, or null when it can. */
function refusal(
  c: Pick<PlanCheck, 'at_location' | 'archived' | 'status' | 'questionnaire_id' | 'questions'>,
): string | null {
  if (c.at_location === null) return TASKLIST_TEXT.machineMissing;
  if (!c.at_location) return TASKLIST_TEXT.notAtLocation;
  if (c.archived) return TASKLIST_TEXT.machineArchived;
  if (c.status === 'inactive') return TASKLIST_TEXT.machineInactive;
  if (c.questionnaire_id === null) return TASKLIST_TEXT.noQuestionnaire;
  if (c.questions === 0) return TASKLIST_TEXT.emptyQuestionnaire;
  return null;
}

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
export function createTasklistsService({ db, repo }: { db: Db; repo: TasklistsRepository }) {
  async function rowOf(id: number, tx: Executor = db, lock?: 'update' | 'no key update'): Promise<TasklistRow> {
    const row = await repo.row(id, tx, lock);
    if (!row) throw notFound();
    return row;
  }

  async function detail(id: number, tx: Executor = db): Promise<TasklistDetail> {
    const tasklist = await repo.find(id, tx);
    if (!tasklist) throw notFound();
    return { ...tasklist, machines: await repo.plannedMachines(id, tx) };
  }

  /** The customer must exist and be in use, the location must be one of its. */
  async function assertReferences(input: TasklistInput, tx: Executor) {
    const found = await repo.references(input.customer_id, input.location_id, tx);
    if (!found.customer) throw fieldError('customer_id', TASKLIST_TEXT.customerMissing);
    if (found.archived) throw fieldError('customer_id', TASKLIST_TEXT.customerArchived);
    if (!found.location) throw fieldError('location_id', TASKLIST_TEXT.locationOfCustomer);
  }

  /** A customer or location deleted meanwhile hits a foreign key: the checks again give the 422. */
  async function recheckOnForeignKey<T>(work: () => Promise<T>, input: TasklistInput): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isForeignKeyViolation(err)) await assertReferences(input, db);
      throw err;
    }
  }

  const columnsOf = (input: TasklistInput) => ({
    customerId: input.customer_id,
    locationId: input.location_id,
    inspectionType: input.inspection_type,
    plannedDate: input.planned_date,
    remarks: input.remarks,
  });

  return {
    /** A page of the overview (`mine`: the actor's own task lists). */
    list(actor: Actor, query: TasklistListQuery) {
      tasklistsPolicy.assertRead(actor);
      return repo.list(query, actor.id);
    },

    /** One task list with its planned machines and their reports. */
    get(actor: Actor, id: number) {
      tasklistsPolicy.assertRead(actor);
      return detail(id);
    },

    /** The machines at the list's location, with whether (and why not) each can be planned. */
    async candidates(actor: Actor, id: number): Promise<TasklistCandidate[]> {
      tasklistsPolicy.assertRead(actor);
      const row = await rowOf(id);
      return (await repo.candidates(row)).map(toCandidate);
    },

    create(actor: Actor, input: TasklistInput) {
      tasklistsPolicy.assertWrite(actor);
      return recheckOnForeignKey(
        () =>
          db.transaction(async (tx) => {
            await assertReferences(input, tx);
            const id = await repo.insert({ ...columnsOf(input), createdBy: actor.id }, tx);
            return detail(id, tx);
          }),
        input,
      );
    },

    /** Planned date and remarks can always change; customer, location and type only while nothing is planned. */
    update(actor: Actor, id: number, input: TasklistInput) {
      tasklistsPolicy.assertWrite(actor);
      return recheckOnForeignKey(
        () =>
          db.transaction(async (tx) => {
            const before = await rowOf(id, tx, 'no key update');
            const moved =
              before.customer_id !== input.customer_id ||
              before.location_id !== input.location_id ||
              before.inspection_type !== input.inspection_type;
            if (moved && (await repo.reportsState(id, tx)).reports > 0) throw conflict(TASKLIST_TEXT.fixedWhilePlanned);
            await assertReferences(input, tx);
            await repo.update(id, columnsOf(input), tx);
            return detail(id, tx);
          }),
        input,
      );
    },

    /** Deletes the list with its reports, only while none of them has an answer or was submitted. */
    async delete(actor: Actor, id: number): Promise<void> {
      tasklistsPolicy.assertWrite(actor);
      await db.transaction(async (tx) => {
        await rowOf(id, tx, 'update');
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
        const row = await rowOf(id, tx, 'no key update');
        const checks = await repo.planChecks(row, ids, tx);
        const refused = checks
          .filter((c) => !c.planned)
          .map((c) => ({ c, reason: refusal(c) }))
          .filter((x): x is { c: PlanCheck; reason: string } => x.reason !== null)
          .map(({ c, reason }) => (c.name ? `${c.name}: ${reason}` : `Machine ${c.id}: ${reason}`));
        if (refused.length > 0) throw new AppError(422, TEXT.validation, { machine_ids: refused });
        const added = await repo.plan(row, ids, tx);
        return { tasklist: await detail(id, tx), added: added.length };
      });
    },

    /** Takes a machine off the list with its report, only while the report has no answers and is open. */
    async unplan(actor: Actor, id: number, machineId: number) {
      tasklistsPolicy.assertWrite(actor);
      return db.transaction(async (tx) => {
        await rowOf(id, tx, 'no key update');
        const report = await repo.plannedReport(id, machineId, tx);
        if (!report) throw notFound(TASKLIST_TEXT.notPlanned);
        if (report.worked) throw conflict(TASKLIST_TEXT.removeWithAnswers);
        await repo.deleteReport(report.id, tx);
        return detail(id, tx);
      });
    },
  };
}

export type TasklistsService = ReturnType<typeof createTasklistsService>;
