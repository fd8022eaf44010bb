import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import type { ImageFile, ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { Storage } from '../../lib/storage';
import { machinesPolicy } from './machines.policy';
import { toMachineImage } from './machine-images.presenter';
import type { MachineImageRow, MachineImagesRepository } from './machine-images.repository';

export type { ImageFile } from '../../lib/image-intake';

/**
 * Images of a machine: upload (checked by their bytes and re-encoded by the image intake), list,
 * the file or its thumbnail, delete; only through the machine's own customer (404 otherwise).
 * Every method takes the actor and needs `customers.manage`, reading included. Decoding is heavy
 * (CPU and up to 50 megapixels of memory): a user has at most `uploadsPerUser` uploads in
 * progress and the process decodes at most two images at once, counted with the other features'
 * uploads: the one image intake (lib/image-intake.ts) built in the composition root.
 */
export function createMachineImagesService({
  repo,
  storage,
  intake,
}: {
  repo: MachineImagesRepository;
  storage: Storage;
  intake: ImageIntake;
}) {
  async function assertMachine(actor: Actor, customerId: number, machineId: number) {
    machinesPolicy.assertWrite(actor);
    if (!(await repo.machineExists(customerId, machineId))) throw notFound();
  }

  async function find(actor: Actor, customerId: number, machineId: number, imageId: number) {
    await assertMachine(actor, customerId, machineId);
    const row = await repo.find(machineId, imageId);
    if (!row) throw notFound();
    return row;
  }

  /** The image file or its WebP thumbnail as stored, or null when the file is gone from the storage. */
  async function fileOf(row: MachineImageRow, thumb: boolean): Promise<ImageFile | null> {
    const stream = await storage.get(thumb ? row.thumbKey : row.fileKey);
    if (!stream) return null;
    const ext = thumb ? 'webp' : row.fileKey.split('.').pop();
    return {
      stream,
      contentType: thumb ? 'image/webp' : row.contentType,
      fileName: `machine-${row.machineId}-${row.id}${thumb ? '-klein' : ''}.${ext}`,
    };
  }

  return {
    async list(actor: Actor, customerId: number, machineId: number) {
      await assertMachine(actor, customerId, machineId);
      return (await repo.list(machineId)).map((row) => toMachineImage(customerId, row));
    },

    /**
     * `read` gives the uploaded bytes: it is called only after the checks (the machine, the
     * user's uploads in progress), so a refused upload's body is never read.
     */
    async upload(actor: Actor, customerId: number, machineId: number, read: () => Promise<Buffer>) {
      await assertMachine(actor, customerId, machineId);
      const release = intake.slot(actor.id);
      let image: ProcessedImage;
      try {
        const data = await read();
        image = await intake.decode(`machines/${machineId}`, data, 'image');
      } finally {
        release();
      }
      await intake.assertRoom(customerId, image.file.length);
      await storage.put(image.fileKey, image.file);
      await storage.put(image.thumbKey, image.thumb);
      const row = await repo.insert({
        machineId,
        fileKey: image.fileKey,
        thumbKey: image.thumbKey,
        contentType: image.contentType,
        size: image.file.length,
        width: image.width,
        height: image.height,
        uploadedBy: actor.id,
      });
      return toMachineImage(customerId, row);
    },

    /** The image file, or its WebP thumbnail; 404 when the file is gone from the storage. */
    async file(
      actor: Actor,
      customerId: number,
      machineId: number,
      imageId: number,
      thumb: boolean,
    ): Promise<ImageFile> {
      const row = await find(actor, customerId, machineId, imageId);
      const file = await fileOf(row, thumb);
      if (!file) throw notFound();
      return file;
    },

    /**
     * An image of one of the actor's own machines in use (the customer portal, `own-machines.view`:
     * the customer from the session through the machines policy), or its thumbnail; 404 for
     * another customer's machine, an archived or concept one, or a missing image, all alike.
     */
    async ownFile(actor: Actor, machineId: number, imageId: number, thumb: boolean): Promise<ImageFile> {
      const row = await repo.findInScope(machinesPolicy.ownScope(actor), machineId, imageId);
      const file = row && (await fileOf(row, thumb));
      if (!file) throw notFound();
      return file;
    },

    /**
     * The thumbnail of the machine's first image, or null without one (or when its file is gone).
     * Who may see it is the caller's decision (the report screen: the reports service checks its
     * reader first, through the composition root), so this takes no actor.
     */
    async firstThumbnail(machineId: number): Promise<ImageFile | null> {
      const [first] = await repo.list(machineId);
      return first ? fileOf(first, true) : null;
    },

    async remove(actor: Actor, customerId: number, machineId: number, imageId: number): Promise<void> {
      const row = await find(actor, customerId, machineId, imageId);
      const deleted = await repo.delete(row.machineId, row.id);
      if (!deleted) throw notFound();
      await storage.delete(deleted.fileKey);
      await storage.delete(deleted.thumbKey);
    },
  };
}

export type MachineImagesService = ReturnType<typeof createMachineImagesService>;
