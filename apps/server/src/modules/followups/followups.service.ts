import { dueTypesOf } from '@keurwijzer/shared/compliance';
import {
  FOLLOWUP_TEXT,
  type Followup,
  type FollowupDoneInput,
  type FollowupListQuery,
  type FollowupTasklist,
  type ReinspectionInput,
} from '@keurwijzer/shared/followups';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { PageMeta } from '@keurwijzer/shared/api';
import { planRefusal } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { accessPolicy, type Actor } from '../../lib/actor';
import { conflict, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import { pageMeta } from '../../lib/list-query';
import type { TasklistsRepository } from '../module-types';
import type { FollowupState, FollowupsRepository } from './followups.repository';
import { findingOf, presentFollowup } from './followups.presenter';

/**
 * Who reads and handles follow-ups: the office. Read with `reports.view` (they come from
 * reports), handled with `malfunctions.manage` (like a malfunction). Customers hold neither.
 */
export const followupsPolicy = accessPolicy(ACCESS.followups);

/** The list types a re-inspection of a follow-up's type can go on: those that count for its due types. */
export const fittingTypes = (type: InspectionType): InspectionType[] =>
  INSPECTION_TYPES.filter((t) => dueTypesOf(t).some((d) => dueTypesOf(type).includes(d)));

/**
 * What the follow-ups need of the task lists (the composition root passes the task lists'
 * repository): a new list, and the plan path's own checks and plan statement.
 */
export type FollowupTasklists = Pick<TasklistsRepository, 'insert' | 'row' | 'planChecks' | 'plan'>;

/**
 * Follow-ups ("Acties") of rejected answers: the office's list, closing and opening
 * one, a malfunction made of one, a re-inspection planned for one. Every change is conditional
 * on the state it starts from (a conditional update, or the follow-up's row lock where more than
 * one row changes), so of two office users acting on one follow-up at once exactly one succeeds;
 * the other gets 409.
 */
export function createFollowupsService({
  db,
  repo,
  tasklists,
}: {
  db: Db;
  repo: FollowupsRepository;
  /** Re-inspections are planned by the task lists' own plan statement and checks. */
  tasklists: FollowupTasklists;
}) {
  async function present(id: number, tx: Executor = db): Promise<Followup> {
    const row = await repo.find(id, tx);
    if (!row) throw notFound();
    return presentFollowup(row);
  }

  /** Why a change found nothing to change: 404 when the follow-up is gone, else 409 with `reason`. */
  async function refused(id: number, reason: string, tx: Executor = db): Promise<never> {
    if (!(await repo.state(id, tx))) throw notFound();
    throw conflict(reason);
  }

  async function stateOf(id: number, tx: Executor, lock = false): Promise<FollowupState> {
    const s = await repo.state(id, tx, lock);
    if (!s) throw notFound();
    return s;
  }

  return {
    async list(actor: Actor, query: FollowupListQuery): Promise<{ data: Followup[]; meta: PageMeta }> {
      followupsPolicy.assertRead(actor);
      const { rows, total } = await repo.list(query);
      return { data: rows.map(presentFollowup), meta: pageMeta(total, query) };
    },

    async openCount(actor: Actor): Promise<number> {
      followupsPolicy.assertRead(actor);
      return repo.openCount();
    },

    /** The unfinished task lists of the machine's location a re-inspection of this follow-up can go on. */
    async tasklists(actor: Actor, id: number): Promise<FollowupTasklist[]> {
      followupsPolicy.assertRead(actor);
      const s = await stateOf(id, db);
      return repo.openTasklists(s.customer_id, s.location_id, fittingTypes(s.inspection_type));
    },

    async done(actor: Actor, id: number, input: FollowupDoneInput): Promise<Followup> {
      followupsPolicy.assertWrite(actor);
      if (!(await repo.markDone(id, actor.id, input.note))) await refused(id, FOLLOWUP_TEXT.alreadyDone);
      return present(id);
    },

    async reopen(actor: Actor, id: number): Promise<Followup> {
      followupsPolicy.assertWrite(actor);
      if (!(await repo.reopen(id))) await refused(id, FOLLOWUP_TEXT.notDone);
      return present(id);
    },

    /**
     * A malfunction of the machine with the finding as its description, reported by the office
     * user, with its 'reported' event; the follow-up is closed ("Storing #n aangemaakt") and
     * linked to it. No mail: the office made it itself, and the customer hears of it when the
     * office handles it (the malfunction's own status mails).
     */
    async malfunction(actor: Actor, id: number): Promise<Followup> {
      followupsPolicy.assertWrite(actor);
      return db.transaction(async (tx) => {
        const s = await stateOf(id, tx, true);
        if (s.malfunction_id !== null) throw conflict(FOLLOWUP_TEXT.hasMalfunction);
        if (s.status !== 'open') throw conflict(FOLLOWUP_TEXT.alreadyDone);
        if (!s.machine_in_use) throw conflict(FOLLOWUP_TEXT.machineGone);
        const row = (await repo.find(id, tx))!;
        const description = FOLLOWUP_TEXT.malfunctionDescription(row.question_name, findingOf(row).text);
        const malfunctionId = await repo.insertMalfunction(
          { customerId: s.customer_id, machineId: s.machine_id, reportedBy: actor.id, description },
          tx,
        );
        await repo.markDone(id, actor.id, FOLLOWUP_TEXT.malfunctionNote(malfunctionId), tx, malfunctionId);
        return present(id, tx);
      });
    },

    /**
     * Plans the machine for a re-inspection: on an unfinished task list of its location and a
     * fitting type, or on a new list of the date (type: the follow-up's, remarks "Herkeuring"),
     * by the task lists' plan statement after their checks; the follow-up stays open (a passing
     * re-inspection closes it) and links the list. Locks in the task lists' order: the list
     * first, then the follow-up (a submit holds its list, then closes follow-ups).
     */
    async reinspection(actor: Actor, id: number, input: ReinspectionInput): Promise<Followup> {
      followupsPolicy.assertWrite(actor);
      try {
        return await db.transaction(async (tx) => {
          const before = await stateOf(id, tx);
          let tasklistId: number;
          if (input.tasklist_id !== null) {
            const list = await repo.tasklist(input.tasklist_id, tx, true);
            if (
              !list ||
              list.customer_id !== before.customer_id ||
              list.location_id !== before.location_id ||
              list.status === 'completed' ||
              !fittingTypes(before.inspection_type).includes(list.inspection_type)
            )
              throw fieldError('tasklist_id', FOLLOWUP_TEXT.tasklistNotFitting);
            tasklistId = list.id;
          } else {
            tasklistId = await tasklists.insert(
              {
                customerId: before.customer_id,
                locationId: before.location_id,
                inspectionType: before.inspection_type,
                plannedDate: input.planned_date!,
                remarks: FOLLOWUP_TEXT.reinspectionRemarks,
                createdBy: actor.id,
              },
              tx,
            );
          }
          const s = await stateOf(id, tx, true);
          if (s.status !== 'open') throw conflict(FOLLOWUP_TEXT.alreadyDone);
          if (s.tasklist_id !== null) throw conflict(FOLLOWUP_TEXT.hasReinspection);
          const row = (await tasklists.row(tasklistId, tx))!;
          const [check] = await tasklists.planChecks(row, [s.machine_id], tx);
          const reason = check!.planned ? null : planRefusal(check!);
          if (reason !== null) throw conflict(reason);
          await tasklists.plan(row, [s.machine_id], tx);
          await repo.linkTasklist(id, tasklistId, tx);
          return present(id, tx);
        });
      } catch (err) {
        // The list or the machine deleted meanwhile.
        if (isForeignKeyViolation(err)) throw conflict(FOLLOWUP_TEXT.tasklistNotFitting);
        throw err;
      }
    },
  };
}

export type FollowupsService = ReturnType<typeof createFollowupsService>;
