import Typography from '@mui/material/Typography';

/** reset-password/{token}: a new password (being built). */
export default function ResetPassword() {
  return (
    <Typography component="h1" variant="h5">
      Nieuw wachtwoord
    </Typography>
  );
}
