import type { Readable } from 'node:stream';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { assertCan, type Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { processImage } from './machine-images';
import { toMachineImage } from './machine-images.presenter';
import type { MachineImagesRepository } from './machine-images.repository';

/** An image file to send: its stream, type and a file name for Content-Disposition. */
export type ImageFile = { stream: Readable; contentType: string; fileName: string };

/**
 * Images of a machine: upload (checked by their bytes and re-encoded, machine-images.ts), list,
 * the file or its thumbnail, delete; only through the machine's own customer (404 otherwise).
 * Every method takes the actor and needs `customers.manage`, reading included.
 */
export function createMachineImagesService({ repo, storage }: { repo: MachineImagesRepository; storage: Storage }) {
  async function assertMachine(actor: Actor, customerId: number, machineId: number) {
    assertCan(actor, ACCESS.customers.write);
    if (!(await repo.machineExists(customerId, machineId))) throw notFound();
  }

  async function find(actor: Actor, customerId: number, machineId: number, imageId: number) {
    await assertMachine(actor, customerId, machineId);
    const row = await repo.find(machineId, imageId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(actor: Actor, customerId: number, machineId: number) {
      await assertMachine(actor, customerId, machineId);
      return (await repo.list(machineId)).map((row) => toMachineImage(customerId, row));
    },

    async upload(actor: Actor, customerId: number, machineId: number, data: Buffer) {
      await assertMachine(actor, customerId, machineId);
      const image = await processImage(machineId, data);
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
      const stream = await storage.get(thumb ? row.thumbKey : row.fileKey);
      if (!stream) throw notFound();
      const ext = thumb ? 'webp' : row.fileKey.split('.').pop();
      return {
        stream,
        contentType: thumb ? 'image/webp' : row.contentType,
        fileName: `machine-${row.machineId}-${row.id}${thumb ? '-klein' : ''}.${ext}`,
      };
    },

    async remove(actor: Actor, customerId: number, machineId: number, imageId: number): Promise<void> {
      const row = await find(actor, customerId, machineId, imageId);
      await repo.delete(row.id);
      await storage.delete(row.fileKey);
      await storage.delete(row.thumbKey);
    },
  };
}

export type MachineImagesService = ReturnType<typeof createMachineImagesService>;
