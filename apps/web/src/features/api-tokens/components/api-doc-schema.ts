import { API_DOC_WHO_PREFIX } from '@keurwijzer/shared/api-tokens';
import { type Holder, HOLDER_LABELS } from '@keurwijzer/shared/permissions';

/* The OpenAPI document as the API reference reads it, and its schemas as short Dutch texts. */

/** The parts of a JSON Schema (as fastify-type-provider-zod writes them) this page shows. */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
};
export type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
export type Operation = {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  'x-access'?: string;
  /** Who may call it (the server derives it from the permission map). */
  'x-roles'?: Holder[];
  'x-api-token'?: boolean;
};
export type OpenApiDocument = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};
export type Entry = { method: string; path: string; op: Operation; group: string };

export const METHOD_COLORS: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  get: 'success',
  post: 'info',
  put: 'warning',
  patch: 'warning',
  delete: 'error',
};

/** Who may call an operation, in Dutch: the permission and who holds it. */
export function accessLabel(op: Operation): string {
  const access = op['x-access'];
  if (!access || access === 'public') return 'Zonder inloggen';
  if (access === 'any logged-in user') return 'Iedere ingelogde gebruiker';
  const who = (op['x-roles'] ?? []).map((h) => HOLDER_LABELS[h] ?? h).join(', ');
  return `Recht ${access.replace(/^permission /, '')}${who ? ` (${who})` : ''}`;
}

/** The description without its line for other tools on who may call it (accessLabel says it here). */
export const descriptionOf = (op: Operation): string =>
  (op.description ?? '')
    .split('\n\n')
    .filter((part) => !part.startsWith(API_DOC_WHO_PREFIX))
    .join('\n\n');

/** A schema's type as one short text: "string", "number | null", "'read' | 'write'", "object[]". */
export function typeText(s: Schema | undefined): string {
  if (!s) return 'onbekend';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return [...new Set(union.map(typeText))].join(' | ');
  if (s.type === 'array') return `${typeText(s.items)}[]`;
  const type = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'onbekend');
  return s.format ? `${type} (${s.format})` : type;
}

/** The limits of a field: "max. 255 tekens", "1 t/m 100", "standaard 25". */
export function limitsText(s: Schema): string {
  const parts: string[] = [];
  if (s.minLength !== undefined && s.minLength > 1) parts.push(`min. ${s.minLength} tekens`);
  if (s.maxLength !== undefined) parts.push(`max. ${s.maxLength} tekens`);
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} t/m ${s.maximum}`);
  else if (s.minimum !== undefined) parts.push(`min. ${s.minimum}`);
  else if (s.maximum !== undefined) parts.push(`max. ${s.maximum}`);
  if (s.default !== undefined) parts.push(`standaard ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

/** The object inside a schema (itself, an array's items, or the non-null member of a union). */
export function objectOf(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  if (s.properties) return s;
  if (s.type === 'array') return objectOf(s.items);
  const union = s.anyOf ?? s.oneOf;
  return union?.map(objectOf).find(Boolean);
}
