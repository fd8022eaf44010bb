import { useState } from 'react';
import { useController } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REGISTRATION_TEXT, RegisterInputSchema, type RegisterFormValues } from '@keurwijzer/shared/registration';
import { MSG } from '@keurwijzer/shared/validation';
import { OIDC_TEXT } from '@keurwijzer/shared/oidc';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { TextFieldElement, type AnyControl } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, apiSend, errorMessage } from '../../../lib/api-client';
import { loadPasswordStrength } from '../../../lib/password-check';
import { useAuthProviders } from '../api/providers';
import { GoogleButton } from '../components/google-button';
import { NewPasswordFields } from '../components/new-password-fields';

const FIELDS = [
  'first_name',
  'preposition',
  'last_name',
  'email',
  'company_name',
  'customer_number',
  'password',
  'password_confirmation',
  'terms',
] as const satisfies readonly (keyof RegisterFormValues)[];

/** The required checkbox "Ik ga akkoord met de voorwaarden", with a link to the terms. */
function TermsCheckbox({ control }: { control: AnyControl<RegisterFormValues> }) {
  const { field, fieldState } = useController({ name: 'terms', control });
  return (
    <FormControl error={!!fieldState.error} required>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{ input: { 'aria-describedby': fieldState.error ? 'terms-error' : undefined } }}
          />
        }
        label={
          <>
            Ik ga akkoord met de{' '}
            <Link component={RouterLink} to="/terms" target="_blank" rel="noopener">
              voorwaarden
            </Link>
          </>
        }
      />
      {fieldState.error && <FormHelperText id="terms-error">{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

/**
 * register: sign up with e-mail (authentication layout), then "check your e-mail"; or with Google
 * (when on), which needs the same terms checkbox first.
 */
export default function Register() {
  useDocumentTitle('Registreren');
  const providers = useAuthProviders();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(RegisterInputSchema, {
    first_name: '',
    preposition: '',
    last_name: '',
    email: '',
    company_name: '',
    customer_number: '',
    password: '',
    password_confirmation: '',
    terms: false,
  } satisfies RegisterFormValues);

  const submit = submitValues(form, async (values) => {
    setError(null);
    // The spec's rule is in the schema; whether it is easy to guess (also from the name) needs the lazy check.
    const strong = await loadPasswordStrength().then(
      (check) =>
        check(values.password, { firstName: values.first_name, lastName: values.last_name, email: values.email }),
      () => true,
    );
    if (!strong) {
      form.setError('password', { type: 'strength', message: MSG.passwordWeak }, { shouldFocus: true });
      return;
    }
    try {
      const res = await apiSend('/api/register', values);
      setDone(res.message ?? REGISTRATION_TEXT.checkEmail);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
        for (const field of FIELDS) {
          const message = err.errors[field]?.[0];
          if (message) form.setError(field, { type: 'server', message });
        }
      } else {
        setError(errorMessage(err));
      }
    }
  });

  if (done) {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
          Controleer je e-mail
        </Typography>
        <Alert severity="success" role="status">
          {done}
        </Alert>
        <Link component={RouterLink} to="/login" variant="body2">
          Naar inloggen
        </Link>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Registreren
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextFieldElement name="first_name" control={form.control} label="Voornaam" autoComplete="given-name" required />
      <TextFieldElement
        name="preposition"
        control={form.control}
        label="Tussenvoegsel"
        autoComplete="additional-name"
      />
      <TextFieldElement
        name="last_name"
        control={form.control}
        label="Achternaam"
        autoComplete="family-name"
        required
      />
      <TextFieldElement name="email" control={form.control} label="E-mail" type="email" autoComplete="email" required />
      {/* The office links the account to its customer by these. */}
      <TextFieldElement
        name="company_name"
        control={form.control}
        label={REGISTRATION_TEXT.companyName}
        autoComplete="organization"
        required
      />
      <TextFieldElement
        name="customer_number"
        control={form.control}
        label={REGISTRATION_TEXT.customerNumber}
        autoComplete="off"
        helperText="Staat op je offerte of factuur."
      />
      <NewPasswordFields control={form.control} label="Wachtwoord" />
      <TermsCheckbox control={form.control} />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Registreren'}
      </Button>
      {providers.google && (
        <GoogleButton
          intent="register"
          onClick={(e) => {
            // Google sign-up agrees to the terms through the same checkbox.
            if (form.getValues('terms') === true) return form.clearErrors('terms');
            e.preventDefault();
            form.setError('terms', { type: 'required', message: OIDC_TEXT.termsFirst }, { shouldFocus: true });
          }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        Heb je al een account?{' '}
        <Link component={RouterLink} to="/login">
          Inloggen
        </Link>
      </Typography>
    </Stack>
  );
}
