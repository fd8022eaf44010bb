import { useRef } from 'react';
import { useController, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPLIANCE_TEXT,
  JUDGEMENTS,
  JUDGEMENT_LABELS,
  MAX_UNIT,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  defaultJudgement,
  formatDecimal,
  type Judgement,
  type QuestionKind,
} from '@keurwijzer/shared/compliance';
import { MAX_ANSWER_OPTIONS, type Question, type QuestionFormValues } from '@keurwijzer/shared/master-data';
import { GroupError, TextFieldElement, type AnyControl } from '../../../components/form/form-fields';
import { TextInput } from '../../../components/form/text-input';
import { JudgementIcon, judgementColor } from '../../../components/judgement/judgement';

type Control = AnyControl<QuestionFormValues>;

const DEFAULT_OPTIONS = ['Goed', 'Matig', 'Slecht', 'n.v.t.'];

/** The form values of a question: what it holds, limits with a Dutch comma; four option rows. */
export function questionValues(q?: Question): QuestionFormValues {
  const labels = Array.from({ length: MAX_ANSWER_OPTIONS }, (_, i) =>
    q ? (q.answer_options[i] ?? '') : DEFAULT_OPTIONS[i]!,
  );
  return {
    name: q?.name ?? '',
    kind: q?.kind ?? 'choice',
    answer_options: labels,
    // An empty row follows its label until the admin picks one (see OptionRow).
    answer_judgements: labels.map((label, i) => q?.answer_judgements[i] ?? defaultJudgement(label)),
    unit: q?.unit ?? '',
    min_value: q?.min_value != null ? formatDecimal(q.min_value) : '',
    max_value: q?.max_value != null ? formatDecimal(q.max_value) : '',
    memo_title: q ? (q.memo_title ?? '') : 'Opmerkingen',
    order: q?.order ?? 0,
  };
}

/** "Soort vraag": answer options or a measurement. */
function KindField({ control }: { control: Control }) {
  const { field } = useController({ name: 'kind', control });
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id="question-kind-label">
        Soort vraag
      </FormLabel>
      <RadioGroup
        row
        name={field.name}
        aria-labelledby="question-kind-label"
        value={field.value ?? 'choice'}
        onChange={(e) => field.onChange(e.target.value as QuestionKind)}
      >
        {QUESTION_KINDS.map((k) => (
          <FormControlLabel key={k} value={k} control={<Radio />} label={QUESTION_KIND_LABELS[k]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The select of an option's judgement, each choice with its icon and colour. */
function JudgementSelect({ control, index, onPicked }: { control: Control; index: number; onPicked: () => void }) {
  const { field, fieldState } = useController({ name: `answer_judgements.${index}`, control });
  const value = (JUDGEMENTS as readonly string[]).includes(field.value as string) ? (field.value as Judgement) : '';
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={`Oordeel ${index + 1}`}
      value={value}
      onChange={(e) => {
        onPicked();
        field.onChange(e.target.value);
      }}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      sx={{ flex: '0 0 auto', width: { xs: 172, sm: 180 } }}
      slotProps={{
        select: {
          renderValue: (v) => (v ? <JudgementOption judgement={v as Judgement} /> : ''),
        },
      }}
    >
      {JUDGEMENTS.map((j) => (
        <MenuItem key={j} value={j}>
          <JudgementOption judgement={j} />
        </MenuItem>
      ))}
    </TextField>
  );
}

function JudgementOption({ judgement }: { judgement: Judgement }) {
  return (
    <Box
      component="span"
      // n.v.t. in the text colour: in grey it looked like an empty select.
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: (t) => (judgement === 'na' ? (t.vars ?? t).palette.text.primary : judgementColor(t, judgement)),
      }}
    >
      <JudgementIcon judgement={judgement} />
      {JUDGEMENT_LABELS[judgement]}
    </Box>
  );
}

/**
 * One answer option: its label and its judgement. Until the admin picks a judgement, a row whose
 * label changes takes the judgement the label suggests (Goed, n.v.t., Slecht ...).
 */
function OptionRow({ control, index, picked }: { control: Control; index: number; picked: boolean }) {
  const label = useController({ name: `answer_options.${index}`, control });
  const judgement = useController({ name: `answer_judgements.${index}`, control });
  const manual = useRef(picked);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextInput
        name={label.field.name}
        inputRef={label.field.ref}
        label={`Antwoordoptie ${index + 1}`}
        value={label.field.value ?? ''}
        onChange={(e) => {
          label.field.onChange(e);
          if (!manual.current) judgement.field.onChange(defaultJudgement(e.target.value));
        }}
        onBlur={label.field.onBlur}
        error={!!label.fieldState.error}
        helperText={label.fieldState.error?.message}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <JudgementSelect control={control} index={index} onPicked={() => (manual.current = true)} />
    </Stack>
  );
}

/**
 * A limit typed with a Dutch comma. A change checks the other limit too (react-hook-form's
 * `deps`): "minimum above maximum" sits on the minimum, and must go when the maximum is raised.
 */
function LimitField({
  control,
  name,
  other,
  label,
  example,
}: {
  control: Control;
  name: 'min_value' | 'max_value';
  other: 'min_value' | 'max_value';
  label: string;
  example: string;
}) {
  const { field, fieldState } = useController({ name, control, rules: { deps: [other] } });
  return (
    <TextInput
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? `Bijvoorbeeld ${example}`}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}

/** The fields of the question form; which ones show depends on the kind. */
export function QuestionFields({ control, item }: { control: Control; item: Question | undefined }) {
  const kind = useWatch({ control, name: 'kind' }) ?? 'choice';
  return (
    <>
      <TextFieldElement name="name" control={control} label="Vraag" required multiline minRows={2} autoFocus />
      <KindField control={control} />
      {kind === 'measurement' ? (
        <>
          <Typography variant="body2" color="text.secondary">
            De monteur vult een gemeten waarde in. Binnen de grenswaarde is Goed, erbuiten Afkeur; de grenzen zelf
            tellen als binnen.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextFieldElement
              name="unit"
              control={control}
              label={COMPLIANCE_TEXT.unit}
              required
              helperText="Bijvoorbeeld Ohm, MOhm, mA"
              counter={MAX_UNIT}
            />
            <LimitField control={control} name="min_value" other="max_value" label="Minimum" example="1,0" />
            <LimitField control={control} name="max_value" other="min_value" label="Maximum" example="0,30" />
          </Stack>
        </>
      ) : (
        <>
          <Typography variant="subtitle2" component="h2">
            Antwoordopties (1 tot 4) met hun oordeel
          </Typography>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
            role="group"
            aria-label="Antwoordopties"
          >
            {Array.from({ length: MAX_ANSWER_OPTIONS }, (_, i) => (
              <OptionRow key={i} control={control} index={i} picked={!!item?.answer_options[i]} />
            ))}
          </Box>
          <GroupError name="answer_options" control={control} />
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextFieldElement
          name="memo_title"
          control={control}
          label="Titel opmerkingenveld"
          helperText="De titel boven het vrije tekstveld bij deze vraag"
        />
        <TextFieldElement
          name="order"
          control={control}
          label="Volgorde"
          type="number"
          sx={{ maxWidth: { sm: 200 } }}
        />
      </Stack>
    </>
  );
}
