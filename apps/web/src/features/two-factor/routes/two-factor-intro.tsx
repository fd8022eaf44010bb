import Typography from '@mui/material/Typography';

/** Stub: built with issue 13 (two-factor sign-in). */
export default function Screen() {
  return <Typography variant="h1">Tweestapsverificatie</Typography>;
}
