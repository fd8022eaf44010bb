import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { API_TOKEN_TEXT } from '@keurwijzer/shared/api-tokens';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { apiGet, errorMessage } from '../../../lib/api-client';
import { openapiPath } from '../api/api-tokens';
import type { Entry, OpenApiDocument } from '../components/api-doc-schema';
import { OperationItem } from '../components/api-operation';

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

export * from '../components/api-doc-schema';
export * from '../components/api-operation';
