import { MALFUNCTION_TEXT, MalfunctionHandleInputSchema } from '@keurwijzer/shared/malfunctions';
import { TextDialog } from '../../../components/form/text-dialog';
import { ApiError } from '../../../lib/api-client';

/** The handling's reason, required here: going back to Open needs one (the server says so too). */
const ReopenSchema = MalfunctionHandleInputSchema.pick({ reason: true }).refine((v) => !!v.reason, {
  error: MALFUNCTION_TEXT.reasonRequired,
  path: ['reason'],
});

/**
 * "Heropenen": asks why the malfunction goes back to Open. `onReopen` sends it; a refusal of the
 * reason (422) comes back as its message and shows under the field.
 */
export function ReopenDialog({
  onReopen,
  onClose,
}: {
  onReopen: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  return (
    <TextDialog
      id="reopen"
      title="Storing heropenen"
      intro="De storing gaat terug naar Open. Waarom?"
      schema={ReopenSchema}
      name="reason"
      label="Reden"
      required
      submitLabel="Heropenen"
      onSend={async ({ reason }) => {
        const problem = await onReopen(reason ?? '');
        if (problem) throw new ApiError(problem, { reason: [problem] }, 422);
      }}
      onClose={onClose}
    />
  );
}
