import Chip from '@mui/material/Chip';
import { MACHINE_STATUS_LABELS, type Machine } from '@keurwijzer/shared/machines';

/** Gearchiveerd, Concept, Niet actief or Actief. */
export function MachineStatusChip({ machine }: { machine: Pick<Machine, 'status' | 'archived_at'> }) {
  if (machine.archived_at) return <Chip size="small" label="Gearchiveerd" />;
  const color = machine.status === 'active' ? 'success' : machine.status === 'concept' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={MACHINE_STATUS_LABELS[machine.status]} />;
}
