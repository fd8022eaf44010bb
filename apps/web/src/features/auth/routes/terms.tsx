import Typography from '@mui/material/Typography';

/** terms: the terms of use (being built). */
export default function Terms() {
  return (
    <Typography component="h1" variant="h5">
      Voorwaarden
    </Typography>
  );
}
