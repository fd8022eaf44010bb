import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { API_DOC_WHO_PREFIX, API_TOKEN_TEXT } from '@keurwijzer/shared/api-tokens';
import { HOLDER_LABELS, type Holder } from '@keurwijzer/shared/permissions';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { apiGet, errorMessage } from '../../../lib/api-client';
import { openapiPath } from '../api/api-tokens';

/** The parts of a JSON Schema (as fastify-type-provider-zod writes them) this page shows. */
type Schema = {
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
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type Operation = {
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
type OpenApiDocument = { info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };
type Entry = { method: string; path: string; op: Operation; group: string };

const METHOD_COLORS: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  get: 'success',
  post: 'info',
  put: 'warning',
  patch: 'warning',
  delete: 'error',
};

/** Who may call an operation, in Dutch: the permission and who holds it. */
function accessLabel(op: Operation): string {
  const access = op['x-access'];
  if (!access || access === 'public') return 'Zonder inloggen';
  if (access === 'any logged-in user') return 'Iedere ingelogde gebruiker';
  const who = (op['x-roles'] ?? []).map((h) => HOLDER_LABELS[h] ?? h).join(', ');
  return `Recht ${access.replace(/^permission /, '')}${who ? ` (${who})` : ''}`;
}

/** The description without its line for other tools on who may call it (accessLabel says it here). */
const descriptionOf = (op: Operation): string =>
  (op.description ?? '')
    .split('\n\n')
    .filter((part) => !part.startsWith(API_DOC_WHO_PREFIX))
    .join('\n\n');

/** A schema's type as one short text: "string", "number | null", "'read' | 'write'", "object[]". */
function typeText(s: Schema | undefined): string {
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
function limitsText(s: Schema): string {
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
function objectOf(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  if (s.properties) return s;
  if (s.type === 'array') return objectOf(s.items);
  const union = s.anyOf ?? s.oneOf;
  return union?.map(objectOf).find(Boolean);
}

/**
 * The fields of an object schema as a nested list: name, type, limits, and (a body's) which are
 * required; an answer's fields are always there, so it marks none.
 */
function Fields({ schema, depth = 0, body = false }: { schema: Schema | undefined; depth?: number; body?: boolean }) {
  const object = objectOf(schema);
  if (!object?.properties) {
    return (
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {typeText(schema)}
      </Typography>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <Box component="ul" sx={{ m: 0, pl: depth === 0 ? 0 : 2.5, listStyle: depth === 0 ? 'none' : 'disc' }}>
      {Object.entries(object.properties).map(([name, field]) => {
        const limits = limitsText(field);
        const nested = depth < 3 ? objectOf(field) : undefined;
        return (
          <Box component="li" key={name} sx={{ py: 0.25, overflowWrap: 'anywhere' }}>
            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {' '}
              {nested ? (field.type === 'array' ? 'object[]' : 'object') : typeText(field)}
            </Typography>
            {body && required.has(name) && (
              <Typography component="span" variant="body2" color="error.main">
                {' '}
                verplicht
              </Typography>
            )}
            {limits && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                ({limits})
              </Typography>
            )}
            {field.description && (
              <Typography variant="body2" color="text.secondary">
                {field.description}
              </Typography>
            )}
            {nested && <Fields schema={field} depth={depth + 1} body={body} />}
          </Box>
        );
      })}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function OperationDetails({ op }: { op: Operation }) {
  const params = op.parameters ?? [];
  const body = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  const responses = Object.entries(op.responses ?? {});
  return (
    <>
      {descriptionOf(op) && <Typography sx={{ whiteSpace: 'pre-line' }}>{descriptionOf(op)}</Typography>}
      {params.length > 0 && (
        <Section title="Parameters">
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
            {params.map((p) => (
              <Box component="li" key={`${p.in}:${p.name}`} sx={{ py: 0.25 }}>
                <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {p.name}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {' '}
                  {typeText(p.schema)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  ({p.in === 'path' ? 'in het pad' : p.in === 'query' ? 'in de query' : p.in}
                  {p.required ? ', verplicht' : ''}
                  {p.schema && limitsText(p.schema) ? `, ${limitsText(p.schema)}` : ''})
                </Typography>
              </Box>
            ))}
          </Box>
        </Section>
      )}
      {body && (
        <Section title="Body (JSON of formulier)">
          <Fields schema={body} body />
        </Section>
      )}
      {responses.map(([status, response]) => (
        <Section key={status} title={`Antwoord ${status}`}>
          <Fields schema={Object.values(response.content ?? {})[0]?.schema} />
        </Section>
      ))}
    </>
  );
}

function OperationItem({ entry }: { entry: Entry }) {
  const { method, path, op } = entry;
  const id = `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      {/* The ids name the opened region after its call (MUI links them). */}
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={id} aria-controls={`${id}-details`}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0, pr: 1 }}
        >
          <Chip
            size="small"
            color={METHOD_COLORS[method] ?? 'default'}
            label={method.toUpperCase()}
            sx={{ fontFamily: 'monospace', fontWeight: 700, minWidth: 64 }}
          />
          <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>{path}</Typography>
          <Typography variant="body2" color="text.secondary">
            {accessLabel(op)}
          </Typography>
          {op['x-api-token'] === false && <Chip size="small" variant="outlined" label="Niet met een API-token" />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <OperationDetails op={op} />
      </AccordionDetails>
    </Accordion>
  );
}

const groupOf = (path: string) => path.split('/')[2] ?? '';

/**
 * docs/api (office admins, customer users: `api.docs`): the API reference, read from
 * GET /api/openapi.json (generated from the routes' own zod schemas, with only the calls the
 * reader may make): how to send a token, then every call grouped by its first path part, with a
 * filter; each opens to its parameters, body fields and answers. The document itself downloads
 * for Postman, Insomnia or a client generator.
 */
export default function ApiDocs() {
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: async () => (await apiGet<unknown>(openapiPath)) as unknown as OpenApiDocument,
    staleTime: Infinity,
  });
  const [filter, setFilter] = useState('');
  const term = useDeferredValue(filter.trim().toLowerCase());
  const entries = useMemo<Entry[]>(
    () =>
      Object.entries(doc.data?.paths ?? {}).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method, path, op, group: groupOf(path) })),
      ),
    [doc.data],
  );
  const shown = entries.filter(
    (e) => !term || `${e.method} ${e.path} ${e.op.summary ?? ''}`.toLowerCase().includes(term),
  );
  const groups = [...new Set(shown.map((e) => e.group))].sort();
  const origin = window.location.origin;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title={API_TOKEN_TEXT.docs}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} href={openapiPath} download="keurwijzer-openapi.json">
            openapi.json
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography sx={{ mb: 1.5 }}>{API_TOKEN_TEXT.docsIntro}</Typography>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              // Wrapped, not scrolled: a phone shows the whole command.
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontSize: '0.85rem',
            }}
          >
            {`curl -H "Authorization: Bearer kw_..." ${origin}/api/machines`}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Een token met &quot;Alleen lezen&quot; mag alleen GET-aanroepen doen. Antwoorden zijn{' '}
            <code>{'{ data, meta }'}</code>; fouten <code>{'{ message, errors }'}</code> met 401, 403, 404, 409, 422 of
            429. Tokens maak en trek je in op je{' '}
            <Link component={RouterLink} to="/profile">
              profiel
            </Link>
            .
          </Typography>
        </CardContent>
      </Card>
      {doc.isPending ? (
        <PageLoader />
      ) : doc.error ? (
        <Alert severity="error">{errorMessage(doc.error)}</Alert>
      ) : (
        <>
          <TextField
            label="Aanroepen filteren"
            placeholder="Bijvoorbeeld machines of reports"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            type="search"
            sx={{ mb: 1, maxWidth: 420 }}
            fullWidth
          />
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 2 }}>
            {shown.length} van {entries.length} aanroepen
          </Typography>
          {groups.length === 0 && <Typography>Geen aanroepen gevonden.</Typography>}
          {groups.map((group) => (
            <Box component="section" key={group} aria-labelledby={`api-group-${group}`} sx={{ mb: 3 }}>
              <Typography variant="h2" id={`api-group-${group}`} sx={{ fontSize: '1.15rem', mb: 1 }}>
                /api/{group}
              </Typography>
              {shown
                .filter((e) => e.group === group)
                .map((e) => (
                  <OperationItem key={`${e.method} ${e.path}`} entry={e} />
                ))}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
