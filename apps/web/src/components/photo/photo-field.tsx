import type { ComponentProps, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PhotoPicker } from './photo-picker';
import type { PhotoChoice } from './use-photo-choice';

type PickerRest = Omit<ComponentProps<typeof PhotoPicker>, keyof PhotoChoice['pickerProps'] | 'labelId'>;

/**
 * A form's photo field: its heading (which names the photos' list), the PhotoPicker of a
 * usePhotoChoice, and the choice's message under it (closable).
 */
export function PhotoField({
  choice,
  heading,
  headingId,
  ...picker
}: { choice: PhotoChoice; heading: ReactNode; headingId: string } & PickerRest) {
  const { problem, setProblem, pickerProps } = choice;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id={headingId}>
        {heading}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <PhotoPicker {...pickerProps} labelId={headingId} {...picker} />
      </Box>
      {problem && (
        <Alert severity="warning" onClose={() => setProblem(null)} sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
