import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_TEXT, ProfileInputSchema, ProfileSchema } from '@keurwijzer/shared/profile';
import { actorOf } from '../../lib/actor';
import { fieldError } from '../../lib/errors';
import { MAX_IMAGE_BYTES, sendImage } from '../../lib/image-intake';
import { readUpload } from '../../lib/multipart';
import { IdParamsSchema, changedOf, dataOf } from '../../lib/responses';
import type { ProfileService } from './profile.service';

const config = { access: 'profile.edit' } as const;
/** The photo upload: one file of at most 10 MB (lib/multipart.ts streams it with these limits). */
const uploadConfig = { ...config, files: { maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES } };

/**
 * The profile: GET/PUT /api/profile (name, language, the reminder mails' switch and,
 * the phone number and the malfunction mails' switch; not the e-mail address, not the role;
 * the answer is the user with `reminder_mails`, `phone` and `malfunction_mails`), the photo: POST /api/profile/image (multipart field `image`), POST
 * /api/profile/image/remove (not DELETE /api/profile/image: its POST `_method` twin would share
 * the upload's URL, which plugins/method-override.ts refuses), GET /api/profile/image, and GET
 * /api/users/:id/image, the URL the user payload's `image` gives (the owner, or users.view).
 * Every role has `profile.edit`; the user is always the session's.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (app, { service }) => {
  app.get('/api/profile', { config, schema: { response: { 200: dataOf(ProfileSchema) } } }, async (req) => ({
    data: await service.get(actorOf(req)),
  }));

  app.put(
    '/api/profile',
    { config, schema: { body: ProfileInputSchema, response: { 200: changedOf(ProfileSchema) } } },
    async (req) => ({ data: await service.update(actorOf(req), req.body), message: PROFILE_TEXT.changed }),
  );

  app.post(
    '/api/profile/image',
    { config: uploadConfig, schema: { response: { 200: changedOf(ProfileSchema) } } },
    async (req) => {
      // The body is read by the service, after its check of the user's uploads in progress.
      const image = async () => {
        if (!req.isMultipart()) throw fieldError('image', PROFILE_TEXT.photoMissing);
        const { files } = await readUpload(req);
        const file = files.find((f) => f.fieldname === 'image');
        if (!file) throw fieldError('image', PROFILE_TEXT.photoMissing);
        return file.data;
      };
      return { data: await service.uploadImage(actorOf(req), image), message: PROFILE_TEXT.photoChanged };
    },
  );

  app.post(
    '/api/profile/image/remove',
    { config, schema: { response: { 200: changedOf(ProfileSchema) } } },
    async (req) => ({ data: await service.removeImage(actorOf(req)), message: PROFILE_TEXT.photoRemoved }),
  );

  app.get('/api/profile/image', { config }, async (req, reply) => {
    const actor = actorOf(req);
    return sendImage(reply, await service.image(actor, actor.id));
  });

  app.get('/api/users/:id/image', { config, schema: { params: IdParamsSchema } }, async (req, reply) =>
    sendImage(reply, await service.image(actorOf(req), req.params.id)),
  );
};
