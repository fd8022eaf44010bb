import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { COMPLIANCE_TEXT, VERDICTS, VERDICT_LABELS, type Verdict } from '@keurwijzer/shared/compliance';
import { REPORT_TEXT } from '@keurwijzer/shared/reports';
import { TextInput } from '../../../components/form/text-input';
import { VerdictChip } from '../../../components/judgement/judgement';

const REASON_MAX = 255;

/** The mechanic's own verdict while filling in (null: the derived one stands). */
export type VerdictOverride = { verdict: Verdict; reason: string } | null;

/**
 * The verdict before "Rapport afronden": the one the answers give (live, as the server will
 * derive it), and "Oordeel wijzigen" to choose another with a required reason, sent with the
 * submit. `reasonRef` is the reason field (focused when the reason is missing).
 */
export function VerdictPanel({
  derived,
  override,
  onOverride,
  reasonError,
  reasonRef,
}: {
  derived: Verdict;
  override: VerdictOverride;
  onOverride: (override: VerdictOverride) => void;
  reasonError: string | null;
  reasonRef?: Ref<HTMLInputElement>;
}) {
  const headingId = 'report-verdict-heading';
  const changed = override !== null && override.verdict !== derived;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 3 }, mt: 3 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 1.5 }}>
        {COMPLIANCE_TEXT.verdict}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }} data-testid="derived-verdict">
        <Typography color="text.secondary">{REPORT_TEXT.verdictDerived}:</Typography>
        <VerdictChip verdict={derived} size="medium" />
        {override === null && (
          <Button
            onClick={() => onOverride({ verdict: derived, reason: '' })}
            sx={{ minHeight: 48, ml: { sm: 'auto' } }}
          >
            {COMPLIANCE_TEXT.verdictOverride}
          </Button>
        )}
      </Box>
      {override !== null && (
        <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
          <FormControl>
            <FormLabel id="report-verdict-choice">{COMPLIANCE_TEXT.verdictOverride}</FormLabel>
            <RadioGroup
              aria-labelledby="report-verdict-choice"
              value={override.verdict}
              onChange={(e) => onOverride({ ...override, verdict: e.target.value as Verdict })}
            >
              {VERDICTS.map((v) => (
                <FormControlLabel
                  key={v}
                  value={v}
                  control={<Radio />}
                  label={
                    v === derived
                      ? `${VERDICT_LABELS[v]} (${REPORT_TEXT.verdictDerived.toLowerCase()})`
                      : VERDICT_LABELS[v]
                  }
                  sx={{ minHeight: 44 }}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {changed && (
            <TextInput
              inputRef={reasonRef}
              label={COMPLIANCE_TEXT.overrideReason}
              required
              value={override.reason}
              onChange={(e) => onOverride({ ...override, reason: e.target.value })}
              error={reasonError !== null}
              helperText={reasonError ?? ' '}
              multiline
              minRows={2}
              counter={REASON_MAX}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            {changed && (
              <>
                <Typography color="text.secondary">{REPORT_TEXT.verdictOverridden}:</Typography>
                <VerdictChip verdict={override.verdict} size="medium" />
              </>
            )}
            <Button color="inherit" onClick={() => onOverride(null)} sx={{ minHeight: 48, ml: { sm: 'auto' } }}>
              {REPORT_TEXT.verdictKeep}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
