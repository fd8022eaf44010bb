import {
  MALFUNCTION_TEXT,
  type MalfunctionStatus,
  type MalfunctionDetail,
  type MalfunctionPlanInput,
  type MalfunctionPlanOption,
} from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import { planRefusal } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { TasklistsRepository } from '../module-types';
import { malfunctionsPolicy } from './malfunctions.policy';
import type { MalfunctionsRepository } from './malfunctions.repository';
import type { MalfunctionPlanningRepository, MalfunctionToPlan } from './malfunctions-planning.repository';
import type { AfterCommit } from './malfunctions-uploads';

/**
 * What planning a malfunction needs of the task lists (the composition root passes the task
 * lists' repository): a new list, its row under a lock, and the plan path's own checks and plan
 * statement (the questionnaire copied into the report as any planned machine's).
 */
export type MalfunctionTasklists = Pick<TasklistsRepository, 'insert' | 'row' | 'planChecks' | 'plan'>;

/**
 * What the reports module needs at "Rapport afronden" (the composition root passes it as its
 * `ReportMalfunctions`): setting the chosen malfunctions planned on the report to Opgelost in the
 * submit's transaction, with the mail to their reporters after the commit.
 */
export type ReportMalfunctionLinks = {
  resolve(reportId: number, ids: number[], actorId: number, tx: Executor): Promise<AfterCommit>;
};

/**
 * The reporter's mail of a status change (malfunctions-reporter-mail.ts `createReporterMail`:
 * their opt-out, an anonymous report and an inactive user are decided there).
 */
export type PlanningReporterMail = {
  send(id: number, update: { status: { from: MalfunctionStatus; to: MalfunctionStatus; reason: null } }): Promise<void>;
};

/** "Storing: <description>" on a new list (its remarks, at most 255 characters). */
const remarksOf = (f: MalfunctionToPlan) => {
  const text = `Storing: ${f.description.replace(/\s+/g, ' ').trim()}`;
  return text.length > 255 ? `${text.slice(0, 254)}…` : text;
};

/**
 * "Inplannen": the machine of a malfunction on an open task list of its location, or on
 * a new one, by the task lists' own checks and plan statement; the malfunction links the report
 * (a 'planned' event) and Open becomes In behandeling. One transaction, locks in the task lists'
 * order: the list first, then the malfunction (a submit holds its list and report, then resolves
 * the malfunctions planned on it). Of two plans at once one links; the other finds it linked
 * (409) unless it linked the same report.
 */
export function createMalfunctionPlanningService({
  db,
  repo,
  malfunctions,
  tasklists,
  reporterMail,
}: {
  db: Db;
  repo: MalfunctionPlanningRepository;
  /** The malfunction's detail. */
  malfunctions: Pick<MalfunctionsRepository, 'detail'>;
  tasklists: MalfunctionTasklists;
  reporterMail: PlanningReporterMail;
}) {
  const active = (f: MalfunctionToPlan) => f.status === 'open' || f.status === 'in_progress';
  /** 409 for one no longer active: withdrawn by the customer (perhaps a moment ago), or handled. */
  const closed = (f: MalfunctionToPlan) =>
    conflict(f.status === 'withdrawn' ? MALFUNCTION_TEXT.withdrawnByCustomer : MALFUNCTION_TEXT.closed);

  async function factsOf(id: number, tx: Executor = db, lock = false): Promise<MalfunctionToPlan> {
    const f = await repo.facts(id, tx, lock);
    if (!f) throw notFound();
    return f;
  }

  return {
    async options(actor: Actor, id: number): Promise<MalfunctionPlanOption[]> {
      malfunctionsPolicy.assertRead(actor);
      return repo.options(await factsOf(id));
    },

    async plan(
      actor: Actor,
      id: number,
      input: MalfunctionPlanInput,
    ): Promise<{ data: MalfunctionDetail; afterCommit: AfterCommit }> {
      malfunctionsPolicy.assertWrite(actor);
      const first = await factsOf(id);
      if (!active(first)) throw closed(first);
      const existing = input.tasklist_id ?? null;
      const field = existing !== null ? 'tasklist_id' : 'inspection_type';
      let statusChange: { from: MalfunctionStatus; to: MalfunctionStatus } | null = null;
      try {
        await db.transaction(async (tx) => {
          let listId: number;
          if (existing !== null) {
            const locked = await tasklists.row(existing, tx, 'no key update');
            const list = locked && (await repo.tasklist(existing, tx));
            if (
              !list ||
              list.customer_id !== first.customer_id ||
              list.location_id !== first.location_id ||
              list.status === 'completed'
            ) {
              throw fieldError('tasklist_id', MALFUNCTION_TEXT.tasklistNotOpen);
            }
            listId = existing;
          } else {
            listId = await tasklists.insert(
              {
                customerId: first.customer_id,
                locationId: first.location_id,
                inspectionType: input.inspection_type,
                plannedDate: input.planned_date!,
                remarks: remarksOf(first),
                // The assignee's list (a mechanic sees it under their own), else the planner's.
                createdBy: first.assigned_to ?? actor.id,
              },
              tx,
            );
          }
          const row = (await tasklists.row(listId, tx))!;
          // The malfunction after the list (the lock order of a submit); decided again on its locked row.
          const f = await factsOf(id, tx, true);
          if (!active(f)) throw closed(f);
          if (f.location_id !== row.location_id || f.customer_id !== row.customer_id) {
            throw fieldError('tasklist_id', MALFUNCTION_TEXT.tasklistNotOpen);
          }
          let report = await repo.reportOn(listId, f.machine_id, tx);
          if (!report) {
            const [check] = await tasklists.planChecks(row, [f.machine_id], tx);
            const reason = check ? planRefusal(check) : TEXT.notFound;
            if (reason !== null) throw fieldError(field, reason);
            await tasklists.plan(row, [f.machine_id], tx);
            report = await repo.reportOn(listId, f.machine_id, tx);
            if (!report) throw notFound();
          }
          if (f.report_id === report.id) return; // the same plan again: nothing changes
          if (f.report_id !== null && f.report_status === 'open') throw conflict(MALFUNCTION_TEXT.alreadyPlanned);
          if (report.status === 'submitted') throw fieldError(field, MALFUNCTION_TEXT.plannedReportDone);
          const to = await repo.link(f, report.id, actor.id, tx);
          if (to !== f.status) statusChange = { from: f.status, to };
        });
      } catch (err) {
        // The list or the machine deleted meanwhile.
        if (isForeignKeyViolation(err)) throw fieldError(field, MALFUNCTION_TEXT.tasklistNotOpen);
        throw err;
      }
      const detail = await malfunctions.detail(id);
      if (!detail) throw notFound();
      const change = statusChange as { from: MalfunctionStatus; to: MalfunctionStatus } | null;
      return {
        data: detail as MalfunctionDetail,
        afterCommit: async () => {
          if (change) await reporterMail.send(id, { status: { ...change, reason: null } });
        },
      };
    },

    /** The reports module's side ("Rapport afronden"): see ReportMalfunctionLinks. */
    reportLinks: {
      /**
       * Sets the chosen malfunctions planned on the report to Opgelost (422 `resolve_malfunctions`
       * for an id that is not planned on it; one no longer active is left as it is: the office
       * may have closed it meanwhile, or the submit was queued on a device).
       */
      async resolve(reportId: number, ids: number[], actorId: number, tx: Executor): Promise<AfterCommit> {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return async () => {};
        const linked = await repo.linkedTo(reportId, unique, tx);
        if (linked.length !== unique.length) {
          throw new AppError(422, TEXT.validation, { resolve_malfunctions: [MALFUNCTION_TEXT.notLinkedToReport] });
        }
        const resolved = await repo.resolveLinked(reportId, unique, actorId, tx);
        return async () => {
          for (const r of resolved) {
            await reporterMail.send(r.id, { status: { from: r.from, to: 'resolved', reason: null } });
          }
        };
      },
    } satisfies ReportMalfunctionLinks,
  };
}

export type MalfunctionPlanningService = ReturnType<typeof createMalfunctionPlanningService>;
