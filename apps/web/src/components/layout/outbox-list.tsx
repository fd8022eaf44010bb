import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useOutboxItems } from '../../lib/outbox/app-outbox';
import type { OutboxEntry, RefusedEntry } from '../../lib/outbox/outbox';
import { RefusedItem } from './outbox-items';

/** How the app names and opens what the outbox's changes belong to (a report). */
export type OutboxScopes = {
  /** The screen of a scope ("/mechanic/report/5"), if it has one. */
  linkOf: (scope: string) => string | undefined;
  /** What waits of a scope, in words ("3 antwoorden, 2 foto's, handtekening, afronden"). */
  summarize: (entries: readonly OutboxEntry<unknown>[]) => string;
};

type Group = { scope: string; label: string; waiting: OutboxEntry<unknown>[]; refused: RefusedEntry<unknown>[] };

/** The changes per scope, in the order they were given. */
function groupsOf(waiting: OutboxEntry<unknown>[], refused: RefusedEntry<unknown>[]): Group[] {
  const groups = new Map<string, Group>();
  const groupOf = (entry: OutboxEntry<unknown>) => {
    let group = groups.get(entry.scope);
    if (!group) {
      group = { scope: entry.scope, label: entry.scopeLabel ?? entry.scope, waiting: [], refused: [] };
      groups.set(entry.scope, group);
    }
    if (entry.scopeLabel) group.label = entry.scopeLabel;
    return group;
  };
  for (const entry of waiting) groupOf(entry).waiting.push(entry);
  for (const entry of refused) groupOf(entry).refused.push(entry);
  return [...groups.values()];
}

/**
 * The outbox badge's list: per report what waits (answers, photos, signatures, the submit) and
 * what the server refused, with its reason, to send again, throw away or open where it is fixed.
 */
export default function OutboxList({ scopes, onNavigate }: { scopes: OutboxScopes; onNavigate: () => void }) {
  const { items, outbox } = useOutboxItems(true);
  if (!items || !outbox) return null;
  const groups = groupsOf(items.waiting, items.refused);
  if (groups.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1.5, p: 0, display: 'grid', gap: 1.5 }}>
      {groups.map((group) => {
        const to = scopes.linkOf(group.scope);
        return (
          <Box component="li" key={group.scope} sx={{ listStyle: 'none' }}>
            {to ? (
              <Link
                component={RouterLink}
                to={to}
                onClick={onNavigate}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {group.label}
              </Link>
            ) : (
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{group.label}</Typography>
            )}
            {group.waiting.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                Wacht: {scopes.summarize(group.waiting)}
              </Typography>
            )}
            {group.refused.length > 0 && (
              <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={`Geweigerd: ${group.label}`}>
                {group.refused.map((entry) => (
                  <RefusedItem key={entry.seq} entry={entry} onRetry={outbox.retry} onDiscard={outbox.discard} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
