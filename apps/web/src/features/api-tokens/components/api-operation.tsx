import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  accessLabel,
  descriptionOf,
  type Entry,
  limitsText,
  METHOD_COLORS,
  objectOf,
  type Operation,
  type Schema,
  typeText,
} from './api-doc-schema';

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

export function OperationItem({ entry }: { entry: Entry }) {
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
