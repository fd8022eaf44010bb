import { useRef, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PHOTO_ACCEPT } from './photo-check';

/** One of the two buttons: its text and icon, and the label of its hidden file input (none: hidden from all). */
type PhotoButton = { label: string; icon: ReactElement; inputLabel?: string };

/**
 * The two ways to a photo, one row: the camera (`capture`) and the file chooser, each a button
 * that opens its hidden file input. The chosen files go to `onChoose` (the input is emptied, so
 * the same file may be chosen again). The camera shows on touch screens unless `cameraAlways`.
 * With `full`, a button calls `onFull` (which says why) instead of opening its input.
 */
export function PhotoButtons({
  onChoose,
  camera,
  choose,
  cameraAlways = false,
  chooseVariant = 'outlined',
  accept = PHOTO_ACCEPT,
  multiple = true,
  disabled = false,
  full = false,
  onFull,
  describedBy,
  minHeight,
  children,
}: {
  onChoose: (files: File[]) => void;
  camera: PhotoButton;
  choose: PhotoButton;
  cameraAlways?: boolean;
  /** The chooser beside an outlined camera button: outlined too, or a quiet text button. */
  chooseVariant?: 'outlined' | 'text';
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  full?: boolean;
  onFull?: () => void;
  /** The id of a hint that says why the buttons are disabled. */
  describedBy?: string;
  minHeight?: number;
  /** What stands beside the buttons in their row (a hint). */
  children?: ReactNode;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');
  const chosen = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length) onChoose(files);
  };
  const open = (input: HTMLInputElement | null) => (full ? onFull?.() : input?.click());
  const sx = minHeight ? { minHeight } : undefined;
  // Without a label the input is out of reach of everyone: its button is the way in.
  const inputA11y = (label?: string) => (label ? { 'aria-label': label } : { 'aria-hidden': true, tabIndex: -1 });

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {(cameraAlways || touch) && (
          <Button
            variant="outlined"
            startIcon={camera.icon}
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => open(cameraInput.current)}
            sx={sx}
          >
            {camera.label}
          </Button>
        )}
        <Button
          variant={chooseVariant}
          color={chooseVariant === 'text' ? 'inherit' : 'primary'}
          startIcon={choose.icon}
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => open(picker.current)}
          sx={sx}
        >
          {choose.label}
        </Button>
        {children}
      </Box>
      <input
        ref={picker}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        {...inputA11y(choose.inputLabel)}
        onChange={(e) => chosen(e.target)}
      />
      <input
        ref={cameraInput}
        type="file"
        accept={accept}
        capture="environment"
        hidden
        {...inputA11y(camera.inputLabel)}
        onChange={(e) => chosen(e.target)}
      />
    </>
  );
}
