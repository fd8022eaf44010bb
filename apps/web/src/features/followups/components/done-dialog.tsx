import { z } from 'zod';
import type { Followup } from '@keurwijzer/shared/followups';
import { optionalText } from '@keurwijzer/shared/validation';
import { useNotify } from '../../../components/feedback/notifications';
import { TextDialog } from '../../../components/form/text-dialog';
import { useFollowupDone } from '../api/followups';

/** The body of POST /api/followups/:id/done as a form (an optional note). */
const DoneSchema = z.object({ note: optionalText() });

/** "Afgehandeld": asks for an optional note (what was done), then closes the follow-up. */
export function DoneDialog({ followup: f, onClose }: { followup: Followup; onClose: () => void }) {
  const notify = useNotify();
  const done = useFollowupDone();
  return (
    <TextDialog
      id="done"
      title="Actie afhandelen"
      intro={`${f.question_name} bij ${f.machine.name} (${f.machine.inventory_number}) is afgehandeld.`}
      schema={DoneSchema}
      name="note"
      label="Notitie (optioneel)"
      submitLabel="Afgehandeld"
      onSend={async ({ note }) => {
        const res = await done.mutateAsync({ id: f.id, note: note ?? '' });
        if (res.message) notify(res.message);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
