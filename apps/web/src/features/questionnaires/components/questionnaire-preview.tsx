import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import type { QuestionnaireDetail } from '@keurwijzer/shared/questionnaires';
import { COMPLIANCE_TEXT, JUDGEMENT_LABELS, formatLimits, type Judgement } from '@keurwijzer/shared/compliance';
import { JudgementIcon } from '../../../components/judgement/judgement';

/**
 * An option with its judgement's icon; the judgement in words for screen readers as hidden text
 * of the radio's label ("Heel Oordeel: Goed"), the icon itself decorative: an icon with its own
 * name would be a second element labelled "Goed" beside the radio.
 */
function OptionLabel({ option, judgement }: { option: string; judgement: Judgement }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {option}
      <JudgementIcon judgement={judgement} />
      <Box component="span" sx={visuallyHidden}>
        {` Oordeel: ${JUDGEMENT_LABELS[judgement]}`}
      </Box>
    </Box>
  );
}

// Pixels as strings: in sx a width of 1 would be 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The text of spec section 8 for a questionnaire without content. */
export const NO_CONTENT = 'Geen categorieën en vragen gevonden voor deze vragenlijst.';

/**
 * The questionnaire as a mechanic will see it: each category with its questions, the answer
 * options with their judgement (or a measured value with its unit and limits) and the remarks
 * field. Read-only: choosing an option here saves nothing.
 */
export function QuestionnairePreview({ detail }: { detail: QuestionnaireDetail }) {
  const categories = detail.categories.filter((c) => c.questions.length > 0);
  if (categories.length === 0) return <Alert severity="info">{NO_CONTENT}</Alert>;
  return (
    <Stack spacing={2}>
      {categories.map((category, ci) => (
        <Card key={category.id} variant="outlined" component="section" aria-labelledby={`cat-${category.id}`}>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Chip size="small" label={ci + 1} color="primary" />
              <Typography variant="h2" id={`cat-${category.id}`}>
                {category.name}
              </Typography>
            </Box>
            <Stack divider={<Divider flexItem />} spacing={2}>
              {category.questions.map((q, qi) => (
                <Box key={q.id}>
                  <Typography fontWeight={600} id={`q-${q.id}`}>
                    {ci + 1}.{qi + 1} {q.name}
                  </Typography>
                  {q.kind === 'measurement' ? (
                    <TextField
                      label={COMPLIANCE_TEXT.value}
                      size="small"
                      sx={{ maxWidth: 260, my: 1 }}
                      helperText={`${COMPLIANCE_TEXT.limits}: ${formatLimits(q.min_value, q.max_value, q.unit)}`}
                      slotProps={{
                        htmlInput: { inputMode: 'decimal' },
                        input: { endAdornment: <InputAdornment position="end">{q.unit}</InputAdornment> },
                      }}
                    />
                  ) : (
                    <RadioGroup row aria-labelledby={`q-${q.id}`}>
                      {q.answer_options.map((option, oi) => (
                        <FormControlLabel
                          key={option}
                          value={option}
                          control={<Radio />}
                          label={<OptionLabel option={option} judgement={q.answer_judgements[oi] ?? 'remark'} />}
                        />
                      ))}
                    </RadioGroup>
                  )}
                  {q.memo_title && <TextField label={q.memo_title} size="small" multiline minRows={1} fullWidth />}
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
