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
import type { QuestionnaireDetail } from '@keurwijzer/shared/questionnaires';

/** The text of spec section 8 for a questionnaire without content. */
export const NO_CONTENT = 'Geen categorieën en vragen gevonden voor deze vragenlijst.';

/**
 * The questionnaire as a mechanic will see it: each category with its questions, the answer
 * options and the remarks field. Read-only: choosing an option here saves nothing.
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
                  <RadioGroup row aria-labelledby={`q-${q.id}`}>
                    {q.answer_options.map((option) => (
                      <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
                    ))}
                  </RadioGroup>
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
