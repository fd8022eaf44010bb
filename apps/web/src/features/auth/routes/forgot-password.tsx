import Typography from '@mui/material/Typography';

/** forgot-password: ask for a reset link (being built). */
export default function ForgotPassword() {
  return (
    <Typography component="h1" variant="h5">
      Wachtwoord vergeten
    </Typography>
  );
}
