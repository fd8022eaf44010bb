import Typography from '@mui/material/Typography';

/** change-password: change the password (being built). */
export default function ChangePassword() {
  return (
    <Typography component="h1" variant="h5">
      Wachtwoord wijzigen
    </Typography>
  );
}
