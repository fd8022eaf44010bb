import { z } from 'zod';
import { PageMetaSchema } from '@keurwijzer/shared/api';
import { idField } from '@keurwijzer/shared/validation';

/** `{ data: T }`: the success envelope. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** `{ data: T[], meta }`: a page of a list. */
export const pageOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), meta: PageMetaSchema });

/** `{ data: null, message }`: an action without a resource to return. */
export const MessageSchema = z.object({ data: z.null(), message: z.string() });

/** Path parameter `{id}`; a junk id answers 404 (see the error handler). */
export const IdParamsSchema = z.object({ id: idField() });

/** `{ data: T, message }`: a change with the Dutch success text to show. */
export const changedOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema, message: z.string() });
