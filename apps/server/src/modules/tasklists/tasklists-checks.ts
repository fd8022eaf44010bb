import { TASKLIST_TEXT, type TasklistDetail, type TasklistInput } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { TasklistsRepository } from './tasklists.repository';
import type { TasklistRow } from './tasklists-plan.repository';

/**
 * What the task-list service's calls share: the list's row or its detail, else 404; the
 * customer and location checks as field errors (again after a foreign-key race); a form's columns.
 */
export function tasklistChecks(db: Db, repo: TasklistsRepository) {
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

  return { rowOf, detail, assertReferences, recheckOnForeignKey, columnsOf };
}
