import type { LatestReports, MachineReport } from '@keurwijzer/shared/reports';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { machinesPolicy } from './machines.policy';
import type { MachineReportsRepository } from './machine-reports.repository';

/**
 * A machine's reports and its latest submitted report per type. Who reads which machine is the
 * machines policy's: staff the customer of the path, a customer user (the portal, later: call
 * with `customerId` undefined) its own customer's machines in use, and then only the submitted
 * reports. 404 when the machine is not there or not the customer's.
 */
export function createMachineReportsService({ repo }: { repo: MachineReportsRepository }) {
  return {
    /** `type`: only the reports of this inspection type (the portal's filter). */
    async reports(
      actor: Actor,
      customerId: number | undefined,
      machineId: number,
      type?: InspectionType,
    ): Promise<MachineReport[]> {
      const scope = machinesPolicy.readScope(actor, customerId);
      const reports = await repo.reports(machineId, scope, type);
      if (!reports) throw notFound();
      return reports;
    },

    async latest(actor: Actor, customerId: number | undefined, machineId: number): Promise<LatestReports> {
      const scope = machinesPolicy.readScope(actor, customerId);
      const latest = await repo.latest(machineId, scope);
      if (!latest) throw notFound();
      return latest;
    },
  };
}

export type MachineReportsService = ReturnType<typeof createMachineReportsService>;
