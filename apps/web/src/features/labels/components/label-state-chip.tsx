import HelpIcon from '@mui/icons-material/HelpOutline';
import { LABEL_STATE_LABELS, type LabelState } from '@keurwijzer/shared/labels';
import { StatusChip, type StatusLook } from '../../../components/display/status-chip';
import { DUE_STATE_LOOKS } from '../../../components/judgement/due-state-chip';

/* The palette and icon of each state, as the due-state chips (never colour alone). */
const LOOKS: Record<LabelState, StatusLook> = {
  rejected: DUE_STATE_LOOKS.rejected,
  overdue: DUE_STATE_LOOKS.overdue,
  due_soon: DUE_STATE_LOOKS.due_soon,
  up_to_date: DUE_STATE_LOOKS.up_to_date,
  unknown: { icon: <HelpIcon /> },
};

/** The machine's inspection state on its public page: a large outlined chip. */
export function LabelStateChip({ state }: { state: LabelState }) {
  return (
    <StatusChip
      {...LOOKS[state]}
      size="medium"
      label={LABEL_STATE_LABELS[state]}
      data-label-state={state}
      sx={{ fontSize: '1rem', height: 40, px: 0.5, '& .MuiChip-icon': { fontSize: 24 } }}
    />
  );
}
