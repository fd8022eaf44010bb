import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PageMetaSchema, type PageMeta } from '@keurwijzer/shared/api';
import { idField } from '@keurwijzer/shared/validation';

/** `{ data: T }`: the success envelope. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** `{ data: T[], meta }`: a page of a list. */
export const pageOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), meta: PageMetaSchema });

/** A page whose data the database wrote as JSON already (the machines: see MACHINE_JSON). */
export type JsonPage = { dataJson: string; meta: PageMeta };

/**
 * Sends a `JsonPage` as `{ data, meta }` as it is: Fastify does not serialize a string with a JSON
 * content type. The route keeps its response schema as the contract; the API tests check the
 * shape of what is sent.
 */
export const sendJsonPage = (reply: FastifyReply, page: JsonPage) =>
  reply.type('application/json').send(`{"data":${page.dataJson},"meta":${JSON.stringify(page.meta)}}`);

/** `{ data: null, message }`: an action without a resource to return. */
export const MessageSchema = z.object({ data: z.null(), message: z.string() });

/** Path parameter `{id}`; a junk id answers 404 (see the error handler). */
export const IdParamsSchema = z.object({ id: idField() });

/** `{ data: T, message }`: a change with the Dutch success text to show. */
export const changedOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema, message: z.string() });
