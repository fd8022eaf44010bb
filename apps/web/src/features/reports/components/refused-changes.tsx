import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { RefusedItem } from '../../../components/layout/outbox-items';
import { useCurrentOutbox } from '../../../lib/outbox/app-outbox';
import type { RefusedEntry } from '../../../lib/outbox/outbox';
import type { ReportChange } from '../filler/report-changes';

/** "1 wijziging is niet opgeslagen". */
export const refusedTitle = (n: number) => `${n} ${n === 1 ? 'wijziging is' : 'wijzigingen zijn'} niet opgeslagen`;

/** Said while a stored submit waits for the refused changes of its report. */
export const SUBMIT_HELD_TEXT =
  'Het rapport wordt afgerond zodra deze wijzigingen opnieuw zijn verstuurd of zijn weggegooid.';

/** The question a change belongs to (where it can be given again), if any. */
const questionOf = (change: ReportChange) =>
  change.kind === 'answer' || change.kind === 'photo' || change.kind === 'photoDelete' ? change.questionId : null;

/**
 * The changes of this report the server refused, each with its reason: "Naar de vraag" (answer it
 * again there: the new answer replaces the refused one), send it again, or throw it away.
 */
export function RefusedChanges({
  entries,
  submitWaits,
  onShow,
}: {
  entries: RefusedEntry<ReportChange>[];
  /** "Rapport afronden" is stored and waits for these first. */
  submitWaits: boolean;
  onShow: (questionId: number) => void;
}) {
  const outbox = useCurrentOutbox();
  if (entries.length === 0 || !outbox) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{refusedTitle(entries.length)}</AlertTitle>
      {submitWaits && SUBMIT_HELD_TEXT}
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {entries.map((entry) => {
          const question = questionOf(entry.value);
          return (
            <RefusedItem
              key={entry.seq}
              entry={entry}
              onRetry={outbox.retry}
              onDiscard={outbox.discard}
              show={question === null ? undefined : { label: 'Naar de vraag', onClick: () => onShow(question) }}
            />
          );
        })}
      </Box>
    </Alert>
  );
}
