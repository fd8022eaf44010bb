import { INVENTORY_NUMBER_TAKEN } from '@keurwijzer/shared/machines';
import type {
  ConceptMachineInput,
  PlanningDepartment,
  PlanningOption,
  TasklistDetail,
} from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import type { PlanningRepository } from './planning.repository';
import { tasklistsPolicy } from './tasklists.policy';
import type { TasklistsRepository } from './tasklists.repository';
import type { TasklistRow } from './tasklists-plan.repository';

/** The 422s of a concept machine's references (the machines form's words where they are the same). */
export const CONCEPT_TEXT = {
  department: 'Kies een afdeling van deze vestiging',
  roomWithoutDepartment: 'Kies eerst de afdeling van deze ruimte',
  room: 'Kies een ruimte van deze afdeling',
  machineType: 'Dit machinetype bestaat niet (meer)',
  questionnaire: 'Kies een actieve vragenlijst van het type van deze takenlijst',
  emptyQuestionnaire: 'Deze vragenlijst heeft geen vragen',
} as const;

/**
 * The mechanic's planning: the options of the task list forms (customers in use, their
 * locations, machine types, the places and questionnaires of a list) with `tasklists.view`, and
 * a machine found on site added as a concept machine and planned at once with
 * `tasklists.manage`. The task list's own changes are tasklists.service.ts'.
 */
export function createPlanningService({
  db,
  repo,
  tasklists,
}: {
  db: Db;
  repo: PlanningRepository;
  tasklists: TasklistsRepository;
}) {
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw notFound();
    return value;
  };

  async function detail(id: number, tx: Executor): Promise<TasklistDetail> {
    const tasklist = found(await tasklists.find(id, tx));
    return { ...tasklist, machines: await tasklists.plannedMachines(id, tx) };
  }

  /** The place must be the list's location's, the machine type must exist, the questionnaire usable. */
  async function assertReferences(row: TasklistRow, input: ConceptMachineInput, tx: Executor) {
    const c = await repo.conceptChecks(
      row,
      {
        departmentId: input.department_id,
        roomId: input.room_id,
        machineTypeId: input.machine_type_id,
        questionnaireId: input.questionnaire_id,
      },
      tx,
    );
    if (c.department === false) throw fieldError('department_id', CONCEPT_TEXT.department);
    if (input.room_id !== null && input.department_id === null)
      throw fieldError('department_id', CONCEPT_TEXT.roomWithoutDepartment);
    if (c.room === false) throw fieldError('room_id', CONCEPT_TEXT.room);
    if (c.machine_type === false) throw fieldError('machine_type_id', CONCEPT_TEXT.machineType);
    if (!c.questionnaire || !c.questionnaire.of_type || !c.questionnaire.active)
      throw fieldError('questionnaire_id', CONCEPT_TEXT.questionnaire);
    if (!c.questionnaire.questions) throw fieldError('questionnaire_id', CONCEPT_TEXT.emptyQuestionnaire);
  }

  return {
    customers(actor: Actor, search: string | null | undefined): Promise<PlanningOption[]> {
      tasklistsPolicy.assertRead(actor);
      return repo.customers(search);
    },

    /** 404 for a customer that does not exist or is archived. */
    async locations(actor: Actor, customerId: number): Promise<PlanningOption[]> {
      tasklistsPolicy.assertRead(actor);
      return found(await repo.locations(customerId));
    },

    machineTypes(actor: Actor): Promise<PlanningOption[]> {
      tasklistsPolicy.assertRead(actor);
      return repo.machineTypes();
    },

    async places(actor: Actor, tasklistId: number): Promise<PlanningDepartment[]> {
      tasklistsPolicy.assertRead(actor);
      return found(await repo.places(tasklistId));
    },

    async questionnaires(actor: Actor, tasklistId: number): Promise<PlanningOption[]> {
      tasklistsPolicy.assertRead(actor);
      return found(await repo.questionnaires(tasklistId));
    },

    /**
     * A machine found on site: created as a concept machine at the list's customer and location
     * (an admin approves it later), with the questionnaire of the list's type, and planned on the
     * list, in one transaction that holds the task list's lock as the other changes do. The
     * inventory number is unique per customer (the machines' unique index: the same 422 as the
     * machines form); something deleted meanwhile hits a foreign key and the checks run again.
     */
    async addConcept(actor: Actor, tasklistId: number, input: ConceptMachineInput): Promise<TasklistDetail> {
      tasklistsPolicy.assertWrite(actor);
      try {
        return await db.transaction(async (tx) => {
          const row = found(await tasklists.row(tasklistId, tx, 'no key update'));
          await assertReferences(row, input, tx);
          const machineId = await repo.insertConcept(
            row,
            {
              name: input.name,
              inventoryNumber: input.inventory_number,
              machineTypeId: input.machine_type_id,
              departmentId: input.department_id,
              roomId: input.room_id,
              questionnaireId: input.questionnaire_id,
              createdBy: actor.id,
            },
            tx,
          );
          await tasklists.plan(row, [machineId], tx);
          return detail(tasklistId, tx);
        });
      } catch (err) {
        if (isUniqueViolation(err, 'machines_inventory_unique'))
          throw fieldError('inventory_number', INVENTORY_NUMBER_TAKEN);
        if (isForeignKeyViolation(err)) {
          const row = found(await tasklists.row(tasklistId));
          await assertReferences(row, input, db);
        }
        throw err;
      }
    },
  };
}

export type PlanningService = ReturnType<typeof createPlanningService>;
