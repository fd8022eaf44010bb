import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { MachineReport, ReportDetail } from '@keurwijzer/shared/reports';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import type { ImageFile, MachineImagesService } from './machine-images.service';
import type { MachineReportsService } from './machine-reports.service';
import { machinesPolicy } from './machines.policy';
import type { OwnMachineRepository } from './own-machine.repository';

/**
 * The reports a customer user reads: its customer's submitted reports of one machine in use (the
 * reports repository's `ReportScope`, as the portal fills it in).
 */
export type PortalReportScope = { customerId: number; submitted: true; machineInUse: number };

/**
 * What the portal needs of the reports module (its service, passed in by the composition root):
 * the shared read model of one report in a scope, and the office's PDF of a report read.
 */
export type PortalReports = {
  findIn(scope: PortalReportScope, id: number): Promise<{ report: ReportDetail; firstImageId: number | null }>;
  pdfOf(report: ReportDetail): Download;
  /** A photo of a report's answer in the scope, or its thumbnail; 404 outside it. */
  photoIn(scope: PortalReportScope, id: number, photoId: string, thumb: boolean): Promise<ImageFile>;
};

/**
 * The customer portal's reads of one machine (`own-machines.view`): the machine screen, its
 * images, its submitted reports, one report and its PDF. The customer is always the session's,
 * through the machines policy; a machine of another customer, archived or concept, and a report
 * that is not a submitted one of that machine, answer 404 like a missing one.
 */
export function createOwnMachineService({
  repo,
  machineReports,
  images,
  reports,
}: {
  repo: OwnMachineRepository;
  machineReports: MachineReportsService;
  images: MachineImagesService;
  reports: PortalReports;
}) {
  /** The actor's own customer (its machines in use only): 403 for anyone but a customer user. */
  function customerOf(actor: Actor): number {
    return machinesPolicy.ownScope(actor).customerId;
  }

  /** A submitted report of the customer's machine in use. */
  async function report(actor: Actor, machineId: number, reportId: number) {
    const scope: PortalReportScope = { customerId: customerOf(actor), submitted: true, machineInUse: machineId };
    return reports.findIn(scope, reportId);
  }

  return {
    /** OwnMachineDetail as the JSON text PostgreSQL built (one statement). */
    async detail(actor: Actor, id: number): Promise<string> {
      const json = await repo.detail(id, customerOf(actor));
      if (json === undefined) throw notFound();
      return json;
    },

    image: (actor: Actor, machineId: number, imageId: number, thumb: boolean): Promise<ImageFile> =>
      images.ownFile(actor, machineId, imageId, thumb),

    /** The machine's submitted reports, newest first, of one type when asked. */
    reports(actor: Actor, machineId: number, type?: InspectionType): Promise<MachineReport[]> {
      customerOf(actor);
      return machineReports.reports(actor, undefined, machineId, type);
    },

    /**
     * One submitted report; its machine's image and its answers' photos are the portal's own
     * routes (the machine's image null without one).
     */
    async report(actor: Actor, machineId: number, reportId: number): Promise<ReportDetail> {
      const { report: found, firstImageId } = await report(actor, machineId, reportId);
      const photoUrl = (photoId: string) => `/api/machines/${machineId}/reports/${reportId}/photos/${photoId}`;
      return {
        ...found,
        categories: found.categories.map((c) => ({
          ...c,
          questions: c.questions.map((q) => ({ ...q, photos: q.photos.map((p) => ({ ...p, url: photoUrl(p.id) })) })),
        })),
        // The signatures' images through the portal's route (reports-signatures.routes.ts).
        signatures: found.signatures.map((s) => ({
          ...s,
          url: `/api/machines/${machineId}/reports/${reportId}/signatures/${s.role}`,
        })),
        machine: {
          ...found.machine,
          image_url: firstImageId === null ? null : `/api/machines/${machineId}/images/${firstImageId}/file?thumb=1`,
        },
      };
    },

    /** A photo of a submitted report's answer (or its thumbnail), as `report` finds the report. */
    reportPhoto(
      actor: Actor,
      machineId: number,
      reportId: number,
      photoId: string,
      thumb: boolean,
    ): Promise<ImageFile> {
      const scope: PortalReportScope = { customerId: customerOf(actor), submitted: true, machineInUse: machineId };
      return reports.photoIn(scope, reportId, photoId, thumb);
    },

    /** The report's PDF: the office's writer, from the same read model. */
    async pdf(actor: Actor, machineId: number, reportId: number): Promise<Download> {
      return reports.pdfOf((await report(actor, machineId, reportId)).report);
    },
  };
}

export type OwnMachineService = ReturnType<typeof createOwnMachineService>;
