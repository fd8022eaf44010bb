import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import { StatusChip } from '../../../components/display/status-chip';

/**
 * "Open storing": the machine has a malfunction that is Open or In behandeling (the mechanic sees
 * it while planning and on site). Nothing when it has none.
 */
export function OpenMalfunctionChip({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <StatusChip
      tone="warning"
      icon={<ReportProblemIcon />}
      label={
        count > 1 ? `${MALFUNCTION_TEXT.machineOpenMalfunction} (${count})` : MALFUNCTION_TEXT.machineOpenMalfunction
      }
    />
  );
}
