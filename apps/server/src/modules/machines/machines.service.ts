import type { MachineInput, MoveInput } from '@keurwijzer/shared/machines';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { machinesPolicy, type AskedSelection } from './machines.policy';
import { statusAfterEdit, type MachineFilters, type MachinesRepository } from './machines.repository';
import { machineChecks } from './machines-checks';

/**
 * Machines: who may read and change which (machines.policy.ts), with the checks of machines-checks.ts,
 * archive, move with history, concept approval. Every method takes the actor first; the queries
 * are the repository's.
 */
export function createMachinesService({ db, repo }: { db: Db; repo: MachinesRepository }) {
  const checks = machineChecks(db, repo);

  return {
    /** One machine of a customer (staff), or of the actor's own customer in use (customer user). */
    async get(actor: Actor, customerId: number | undefined, id: number) {
      const scope = machinesPolicy.readScope(actor, customerId);
      const machine = await checks.load(scope.customerId, id);
      if (scope.inUseOnly && (machine.archived_at !== null || machine.status === 'concept')) throw notFound();
      return machine;
    },

    /**
     * A page of machines: of the customer asked for (staff; undefined: every customer), or the
     * actor's own machines in use (customer user), whatever the query says.
     */
    async list(actor: Actor, query: AskedSelection<MachineFilters>, customerId?: number) {
      const scope = machinesPolicy.readScope(actor, customerId);
      // A customer user's list is the portal's (OwnMachine: latest report dates, open malfunctions).
      const q = scope.inUseOnly
        ? { ...query, archived: false, customerView: true, portal: true }
        : { ...query, archived: query.archived ?? false };
      const page = await repo.list(q, scope.customerId);
      // An empty page may mean the customer does not exist: only then is it looked up.
      if (page.count === 0 && scope.customerId !== undefined) await checks.customerExists(scope.customerId);
      return page;
    },

    create: (actor: Actor, customerId: number, input: MachineInput) => {
      machinesPolicy.assertWrite(actor);
      return checks.guarded(
        () =>
          db.transaction(async (tx) => {
            await checks.customerExists(customerId, tx);
            await checks.assertReferences(customerId, input, input, tx);
            const id = await repo.insert(
              { ...checks.columnsOf(input), customerId, createdBy: actor.id, status: input.status ?? 'active' },
              tx,
            );
            await repo.setQuestionnaires(id, checks.questionnaireLinks(input), tx);
            return checks.load(customerId, id, tx);
          }),
        async () => {
          await checks.customerExists(customerId);
          await checks.assertReferences(customerId, input, input, db);
        },
      );
    },

    update: (actor: Actor, customerId: number, id: number, input: MachineInput) => {
      machinesPolicy.assertWrite(actor);
      return checks.guarded(
        () =>
          db.transaction(async (tx) => {
            const before = await checks.loadLocked(customerId, id, tx);
            await checks.assertReferences(customerId, input, input, tx);
            await repo.update(id, { ...checks.columnsOf(input), status: statusAfterEdit(input.status) }, tx);
            await repo.setQuestionnaires(id, checks.questionnaireLinks(input), tx);
            await checks.recordMoveIfMoved(tx, before, input, actor.id);
            return checks.load(customerId, id, tx);
          }),
        async () => {
          await checks.load(customerId, id);
          await checks.assertReferences(customerId, input, input, db);
        },
      );
    },

    /**
     * Archives or restores in one conditional statement: of two requests at the same time exactly
     * one changes the row, the other gets the 409 (or 404) that a second request in a row gets.
     */
    async setArchived(actor: Actor, customerId: number, id: number, archived: boolean) {
      machinesPolicy.assertWrite(actor);
      if (!(await repo.setArchived(customerId, id, archived))) {
        await checks.load(customerId, id);
        throw conflict(archived ? 'Deze machine is al gearchiveerd.' : 'Deze machine is niet gearchiveerd.');
      }
      return checks.load(customerId, id);
    },

    /** Moves a machine within its customer and keeps the move in its history. */
    move: (actor: Actor, customerId: number, id: number, input: MoveInput) => {
      machinesPolicy.assertWrite(actor);
      return checks.guarded(
        () =>
          db.transaction(async (tx) => {
            const before = await checks.loadLocked(customerId, id, tx);
            await checks.assertReferences(customerId, input, null, tx);
            const same =
              before.location_id === input.location_id &&
              before.department_id === input.department_id &&
              before.room_id === input.room_id;
            if (same) throw fieldError('location_id', 'De machine staat al op deze plaats');
            await repo.update(
              id,
              { locationId: input.location_id, departmentId: input.department_id, roomId: input.room_id },
              tx,
            );
            await checks.recordMoveIfMoved(tx, before, input, actor.id);
            return checks.load(customerId, id, tx);
          }),
        async () => {
          await checks.load(customerId, id);
          await checks.assertReferences(customerId, input, null, db);
        },
      );
    },

    async moves(actor: Actor, customerId: number, id: number) {
      const scope = machinesPolicy.readScope(actor, customerId);
      await checks.load(scope.customerId, id);
      return repo.moves(id);
    },

    /** Approving a concept machine makes it Active (one conditional statement: one of two wins). */
    async approve(actor: Actor, id: number) {
      machinesPolicy.assertWrite(actor);
      if (!(await repo.approve(id))) {
        await checks.load(undefined, id);
        throw new AppError(409, 'Deze machine is geen conceptmachine.');
      }
      return checks.load(undefined, id);
    },
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
