import Typography from '@mui/material/Typography';

/** register: sign up (being built). */
export default function Register() {
  return (
    <Typography component="h1" variant="h5">
      Registreren
    </Typography>
  );
}
