import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LABEL_TEXT,
  LabelPdfQuerySchema,
  LabelPlanResultSchema,
  LabelTargetSchema,
  PublicLabelSchema,
} from '@keurwijzer/shared/labels';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { MAX_IMAGE_BYTES } from '../../lib/image-intake';
import { readFormBody } from '../../lib/multipart';
import { dataOf } from '../../lib/responses';
import { sendDownload } from '../../lib/stream-download';
import type { AfterCommit, LabelsService } from './labels.service';

/** The code in a path: checked by the service (an unknown one is "Deze code is niet (meer) geldig."). */
const TokenParams = z.object({ token: z.string().max(100) });
const LocationParams = z.object({ customerId: idField(), locationId: idField() });
const MachineParams = z.object({ customerId: idField(), id: idField() });

/** One photo of at most 10 MB (lib/multipart.ts streams it with these limits): the body is capped by them. */
const reportConfig = { access: 'public', files: { maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES } } as const;
/** A body this small holds no photo worth decoding: it takes no upload slot. */
const SMALL_BODY = 64 * 1024;

/**
 * The public page is never indexed, whatever it answers (a search engine never lists a machine):
 * on send, so the refusals of the access check (419) carry it too.
 */
const noindex = (
  _req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, p: unknown) => void,
) => {
  reply.header('x-robots-tag', 'noindex, nofollow');
  done(null, payload);
};

/** Mail after the commit: the answer does not wait for it, and a failure is logged, never the request's. */
function sendLater(req: FastifyRequest, afterCommit: AfterCommit) {
  req.server.afterResponse.run(afterCommit, (err) => req.log.error({ err }, 'label malfunction mail failed'));
}

/**
 * QR labels (shared/labels.ts): the public page of a scanned code and its anonymous "Storing
 * melden" (no login; the CSRF token of the visitor's session from GET /api/token, as the
 * registration), where a logged-in user goes, planning the machine on today's list, and the
 * label PDFs and "Nieuwe code" for the office.
 */
export const labelsRoutes: FastifyPluginAsyncZod<{ service: LabelsService }> = async (app, { service }) => {
  app.get(
    '/api/public/labels/:token',
    {
      config: { access: 'public' },
      onSend: noindex,
      schema: { params: TokenParams, response: { 200: dataOf(PublicLabelSchema) } },
    },
    async (req) => ({ data: await service.publicLabel(req.params.token, req.ip) }),
  );

  app.post(
    '/api/public/labels/:token/malfunctions',
    {
      config: reportConfig,
      onSend: noindex,
      schema: { params: TokenParams, response: { 201: z.object({ data: z.null(), message: z.string() }) } },
    },
    async (req, reply) => {
      const length = Number(req.headers['content-length']);
      const mayHoldFiles = req.isMultipart() && !(length <= SMALL_BODY);
      const afterCommit = await service.reportMalfunction(
        req.params.token,
        req.ip,
        () => readFormBody(req, 'photo', LABEL_TEXT.onePhoto),
        mayHoldFiles,
      );
      sendLater(req, afterCommit);
      return reply.status(201).send({ data: null, message: LABEL_TEXT.reported });
    },
  );

  app.get(
    '/api/labels/:token',
    { config: { access: 'session' }, schema: { params: TokenParams, response: { 200: dataOf(LabelTargetSchema) } } },
    async (req) => ({ data: await service.target(actorOf(req), req.params.token) }),
  );

  app.post(
    '/api/labels/:token/plan',
    {
      config: { access: 'tasklists.manage' },
      schema: {
        params: TokenParams,
        response: { 201: z.object({ data: LabelPlanResultSchema, message: z.string() }) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await service.plan(actorOf(req), req.params.token), message: LABEL_TEXT.planned }),
  );

  app.get(
    '/api/customers/:customerId/locations/:locationId/labels',
    {
      config: { access: 'customers.view', usage: 'export' },
      schema: { params: LocationParams, querystring: LabelPdfQuerySchema },
    },
    async (req, reply) => {
      const { customerId, locationId } = req.params;
      const download = await service.locationLabels(actorOf(req), customerId, locationId, req.query.layout);
      return sendDownload(req, reply, download, 'label sheet');
    },
  );

  app.get(
    '/api/customers/:customerId/machines/:id/label',
    {
      config: { access: 'customers.view', usage: 'export' },
      schema: { params: MachineParams, querystring: LabelPdfQuerySchema },
    },
    async (req, reply) => {
      const { customerId, id } = req.params;
      const download = await service.machineLabel(actorOf(req), customerId, id, req.query.layout);
      return sendDownload(req, reply, download, 'machine label');
    },
  );

  app.post(
    '/api/customers/:customerId/machines/:id/label/renew',
    {
      config: { access: 'customers.manage' },
      schema: {
        params: MachineParams,
        response: { 200: z.object({ data: z.object({ renewed: z.literal(true) }), message: z.string() }) },
      },
    },
    async (req) => {
      await service.renew(actorOf(req), req.params.customerId, req.params.id);
      return { data: { renewed: true as const }, message: LABEL_TEXT.renewed };
    },
  );
};
