import { PROFILE_TEXT, type Profile, type ProfileInput } from '@keurwijzer/shared/profile';
import type { CurrentUser } from '@keurwijzer/shared/users';
import type { UserRow } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/errors';
import type { ImageFile, ImageIntake } from '../../lib/image-intake';
import type { Storage } from '../../lib/storage';
import { processProfilePhoto } from './profile-photo';
import { profilePolicy } from './profile.policy';
import type { ProfileRepository } from './profile.repository';

/** A photo to send. */
export type PhotoFile = ImageFile;

type Deps = {
  repo: ProfileRepository;
  storage: Storage;
  /** The logged-in user as the API shows it (the auth module's presentCurrent). */
  present: (row: UserRow) => CurrentUser;
  /** The one image intake (lib/image-intake.ts): upload slots and the process's decode queue. */
  intake: ImageIntake;
};

/**
 * The profile: the logged-in user's own name, language and photo. Every method works on the
 * actor's own row (the id comes from the session, never from the request), so nobody changes
 * another's profile; a photo is read by its owner and by whoever manages users.
 */
export function createProfileService({ repo, storage, present, intake }: Deps) {
  /** The user as the auth module presents it, with the profile's own settings (mails, phone number). */
  async function current(actor: Actor): Promise<Profile> {
    const row = await repo.findById(actor.id);
    if (!row) throw notFound();
    return {
      ...present(row),
      reminder_mails: row.reminderMails,
      phone: row.phone,
      malfunction_mails: row.malfunctionMails,
    };
  }

  /** The old file goes after the new key is stored; a file left behind is only disk space. */
  async function dropFile(key: string | null) {
    if (key) await storage.delete(key).catch(() => undefined);
  }

  return {
    async get(actor: Actor): Promise<Profile> {
      profilePolicy.assertOwn(actor);
      return current(actor);
    },

    async update(actor: Actor, input: ProfileInput): Promise<Profile> {
      profilePolicy.assertOwn(actor);
      const { first_name, preposition, last_name, lang, reminder_mails, phone, malfunction_mails } = input;
      const values = {
        firstName: first_name,
        preposition,
        lastName: last_name,
        lang,
        reminderMails: reminder_mails,
        phone,
        malfunctionMails: malfunction_mails,
      };
      if (!(await repo.update(actor.id, values))) throw notFound();
      return current(actor);
    },

    /**
     * A new photo in place of the old one. `read` gives the uploaded bytes: it is called only
     * after the checks (the user's uploads in progress), so a refused upload's body is not read.
     */
    async uploadImage(actor: Actor, read: () => Promise<Buffer>): Promise<Profile> {
      profilePolicy.assertOwn(actor);
      const release = intake.slot(actor.id);
      let photo: { key: string; file: Buffer };
      try {
        const data = await read();
        photo = await processProfilePhoto(intake, actor.id, data);
      } finally {
        release();
      }
      await storage.put(photo.key, photo.file);
      const swapped = await repo.swapImage(actor.id, photo.key).catch(async (err: unknown) => {
        await dropFile(photo.key);
        throw err;
      });
      if (!swapped) {
        await dropFile(photo.key);
        throw notFound();
      }
      await dropFile(swapped.previous);
      return current(actor);
    },

    /** Removes the photo; 404 without one (a second removal at once, too). */
    async removeImage(actor: Actor): Promise<Profile> {
      profilePolicy.assertOwn(actor);
      const swapped = await repo.swapImage(actor.id, null);
      if (!swapped?.previous) throw new AppError(404, PROFILE_TEXT.noPhoto);
      await dropFile(swapped.previous);
      return current(actor);
    },

    /**
     * The photo of user `userId`: for that user, and for whoever manages users (the user payload's
     * `image` is its URL). Anyone else gets the same 404 as for a user without a photo.
     */
    async image(actor: Actor, userId: number): Promise<PhotoFile> {
      profilePolicy.assertPhotoOf(actor, userId);
      const key = await repo.imageOf(userId);
      const stream = key && key.startsWith(`profiles/${userId}/`) ? await storage.get(key) : null;
      if (!stream) throw notFound();
      return { stream, contentType: 'image/webp', fileName: `profielfoto-${userId}.webp` };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
