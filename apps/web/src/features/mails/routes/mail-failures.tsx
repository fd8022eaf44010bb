import Typography from '@mui/material/Typography';

/** Stub: built with issue 13 (mails that keep failing). */
export default function Screen() {
  return <Typography variant="h1">E-mails</Typography>;
}
