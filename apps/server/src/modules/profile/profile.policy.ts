import { assertCan, can, type Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';

/**
 * Who may read and change which profile: everyone with `profile.edit` their own; the photo of
 * another user only whoever may see users (the user payload's `image` is its URL). Anyone else
 * gets the same 404 as for a user without a photo.
 */
export const profilePolicy = {
  /** 403 unless `actor` may read and change its own profile. */
  assertOwn(actor: Actor): void {
    assertCan(actor, 'profile.edit');
  },

  /** 404 unless `actor` may see the photo of user `userId`. */
  assertPhotoOf(actor: Actor, userId: number): void {
    assertCan(actor, 'profile.edit');
    if (userId !== actor.id && !can(actor, 'users.view')) throw notFound();
  },
};
