import type {
  AssignedMalfunctionListQuery,
  MalfunctionAssignee,
  MalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import type { ImageFile } from '../../lib/image-intake';
import { assignedMalfunctionMail } from '../../lib/malfunction-assigned-mail';
import type { MailSender } from '../../lib/mail-queue';
import type { JsonPage } from '../../lib/responses';
import type { Storage } from '../../lib/storage';
import { assignedMalfunctionsPolicy } from './malfunctions-assigned.policy';
import { malfunctionsPolicy } from './malfunctions.policy';
import type { AssignedMalfunctionsRepository } from './malfunctions-assigned.repository';
import type { PhotoRow } from './malfunctions.repository';

const OFFICE = '/api/malfunctions/';
const ASSIGNED = '/api/assigned-malfunctions/';

/** The office's photo URLs of a detail as the assignee's own (GET /api/assigned-malfunctions/:id/photos/...). */
function withAssigneeUrls(detail: MalfunctionDetail): MalfunctionDetail {
  const own = <P extends { url: string; thumb_url: string }>(p: P): P => ({
    ...p,
    url: p.url.replace(OFFICE, ASSIGNED),
    thumb_url: p.thumb_url.replace(OFFICE, ASSIGNED),
  });
  return {
    ...detail,
    photos: detail.photos.map(own),
    events: detail.events.map((e) => ({ ...e, photos: e.photos.map(own) })),
  };
}

/**
 * Assignment: the office picks who handles a malfunction (GET /api/malfunctions/assignees,
 * `malfunctions.view`); the assignee reads what is assigned to them ("Mijn storingen",
 * `malfunctions.assigned`: only their own, another one is 404 as a missing one) and is mailed
 * when a malfunction is assigned to them by someone else (`mailAssignee`, after the commit of the
 * office's handling).
 */
export function createAssignedMalfunctionsService({
  repo,
  mail,
  appUrl,
  storage,
  photoRow,
}: {
  repo: AssignedMalfunctionsRepository;
  mail: MailSender;
  appUrl: string;
  storage: Storage;
  /** A photo of a malfunction (the malfunctions repository's `photo`). */
  photoRow: (malfunctionId: number, photoId: number) => Promise<PhotoRow | undefined>;
}) {
  return {
    async assignees(actor: Actor): Promise<MalfunctionAssignee[]> {
      malfunctionsPolicy.assertRead(actor);
      return repo.assignees();
    },

    async list(actor: Actor, query: AssignedMalfunctionListQuery): Promise<JsonPage> {
      assignedMalfunctionsPolicy.assertAssigned(actor);
      return repo.list(actor.id, query);
    },

    async detail(actor: Actor, id: number): Promise<MalfunctionDetail> {
      assignedMalfunctionsPolicy.assertAssigned(actor);
      const detail = await repo.detail(actor.id, id);
      if (!detail) throw notFound();
      return withAssigneeUrls(detail as MalfunctionDetail);
    },

    /** A photo of a malfunction assigned to the user (its report's or a comment's); 404 for anything else. */
    async photo(actor: Actor, id: number, photoId: number, thumb: boolean): Promise<ImageFile> {
      assignedMalfunctionsPolicy.assertAssigned(actor);
      if (!(await repo.isAssigned(actor.id, id))) throw notFound();
      const row = await photoRow(id, photoId);
      if (!row) throw notFound();
      const stream = await storage.get(thumb ? row.thumbKey : row.fileKey);
      if (!stream) throw notFound();
      return {
        stream,
        contentType: thumb ? 'image/webp' : row.contentType,
        fileName: `storing-${id}-${row.id}${thumb ? '-klein' : ''}.${thumb ? 'webp' : row.fileKey.split('.').pop()}`,
      };
    },

    /**
     * The mail to the new assignee (after the commit): not when they assigned it to themselves,
     * nor when it was assigned to someone else meanwhile or they are no longer active.
     */
    async mailAssignee(malfunctionId: number, assigneeId: number, actorId: number): Promise<void> {
      if (assigneeId === actorId) return;
      const facts = await repo.mailFacts(malfunctionId, assigneeId, actorId);
      if (!facts) return;
      await mail.send({
        kind: 'malfunction_assigned',
        to: facts.assigneeEmail,
        ...assignedMalfunctionMail(facts, appUrl),
      });
    },
  };
}

export type AssignedMalfunctionsService = ReturnType<typeof createAssignedMalfunctionsService>;
