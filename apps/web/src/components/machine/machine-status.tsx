import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MACHINE_STATUS_LABELS, type Machine, type MachineStatus } from '@keurwijzer/shared/machines';
import { StatusChip, type StatusTone } from '../display/status-chip';
import { DueStateChip } from '../judgement/due-state-chip';

const STATUS_TONES: Record<MachineStatus, StatusTone> = { active: 'success', concept: 'warning', inactive: 'default' };

/** Gearchiveerd, Concept, Niet actief or Actief. */
export function MachineStatusChip({ machine }: { machine: Pick<Machine, 'status' | 'archived_at'> }) {
  if (machine.archived_at) return <StatusChip variant="filled" label="Gearchiveerd" />;
  return <StatusChip tone={STATUS_TONES[machine.status]} label={MACHINE_STATUS_LABELS[machine.status]} />;
}

/**
 * The machine's name; on phones, where the inventory number column is hidden, the number goes
 * under it, so machines of the same kind stay apart, and with `due` (whose column is hidden on
 * phones too) the due state chip under that.
 */
export function MachineNameCell({
  machine,
  due = false,
}: {
  machine: Pick<Machine, 'name' | 'inventory_number' | 'due_state'>;
  due?: boolean;
}) {
  return (
    <>
      {machine.name}
      {/* On a line of its own as an inline-block: when the name is a link, its underline stays off the number. */}
      <Box component="br" sx={{ display: { sm: 'none' } }} />
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'inline-block', sm: 'none' } }}>
        {machine.inventory_number}
      </Typography>
      {due && (
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <DueStateChip state={machine.due_state} />
        </Box>
      )}
    </>
  );
}
