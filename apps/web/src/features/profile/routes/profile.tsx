import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import { LANGUAGE_LABELS, PROFILE_TEXT, ProfileInputSchema, type ProfileFormValues } from '@keurwijzer/shared/profile';
import { LANGUAGES, type CurrentUser } from '@keurwijzer/shared/users';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { FormPage } from '../../../components/form/form-page';
import { SelectElement } from '../../../components/form/select-element';
import { useZodForm } from '../../../components/form/use-zod-form';
import { applyUserLanguage } from '../../../lib/language';
import { useCurrentUser } from '../../auth/api/auth';
import { updateProfile, useProfileChange } from '../api/profile';
import { ProfilePhoto } from '../components/profile-photo';

const valuesOf = (user: CurrentUser): ProfileFormValues => ({
  first_name: user.first_name,
  preposition: user.preposition ?? '',
  last_name: user.last_name,
  lang: user.lang,
});

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));

/** A titled card below the form (password, two-factor sign-in). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`section-${title}`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id={`section-${title}`} sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The name form; a new instance after each save (FormPage's guard and draft start afresh). */
function ProfileForm({ user, onSaved }: { user: CurrentUser; onSaved: () => void }) {
  const notify = useNotify();
  const form = useZodForm(ProfileInputSchema, valuesOf(user));
  const save = useProfileChange(updateProfile);

  return (
    <FormPage
      title="Profiel"
      form={form}
      cancelTo="/"
      draftKey="profile"
      onSubmit={async (values) => {
        const res = await save.mutateAsync(values);
        applyUserLanguage(res.data.lang);
        notify(res.message ?? PROFILE_TEXT.changed);
        onSaved();
      }}
    >
      <ProfilePhoto user={user} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFieldElement
          name="first_name"
          control={form.control}
          label="Voornaam"
          required
          autoComplete="given-name"
        />
        <TextFieldElement
          name="preposition"
          control={form.control}
          label="Tussenvoegsel"
          autoComplete="off"
          sx={{ maxWidth: { sm: 180 } }}
        />
        <TextFieldElement
          name="last_name"
          control={form.control}
          label="Achternaam"
          required
          autoComplete="family-name"
        />
      </Stack>
      <TextField
        label="E-mail"
        value={user.email}
        slotProps={{ input: { readOnly: true } }}
        helperText="Je e-mailadres kan alleen een beheerder wijzigen."
      />
      <TextField label="Rol" value={ROLE_LABELS[user.role]} slotProps={{ input: { readOnly: true } }} />
      {user.customer_name && (
        <TextField label="Klant" value={user.customer_name} slotProps={{ input: { readOnly: true } }} />
      )}
      <SelectElement name="lang" control={form.control} label="Taal" required options={LANGUAGE_OPTIONS} />
    </FormPage>
  );
}

/**
 * profile (every role, `profile.edit`): name, photo and language (PUT /api/profile, "Profiel is
 * gewijzigd"; the app bar follows at once), the e-mail address shown only, and links to change
 * the password and to two-factor sign-in.
 */
export default function Profile() {
  const user = useCurrentUser();
  const [saves, setSaves] = useState(0);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <ProfileForm key={saves} user={user} onSaved={() => setSaves((n) => n + 1)} />
      <Stack spacing={3} sx={{ mt: 3 }}>
        <Section title="Wachtwoord">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Na het wijzigen word je op je andere apparaten uitgelogd.
          </Typography>
          <Button component={RouterLink} to="/change-password" variant="outlined">
            Wachtwoord wijzigen
          </Button>
        </Section>
        <Section title="Tweestapsverificatie">
          {/*
           * PLACEHOLDER (issue 13): TwoFactorSettings from
           * features/two-factor/components/two-factor-settings.tsx goes here once it exists.
           */}
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user.two_factor_enabled
              ? 'Tweestapsverificatie staat aan voor je account.'
              : 'Tweestapsverificatie staat uit. Met een code uit een app op je telefoon is je account beter beveiligd.'}
          </Typography>
          {!user.two_factor_enabled && (
            <Button component={RouterLink} to="/2fa-intro" variant="outlined">
              Tweestapsverificatie instellen
            </Button>
          )}
        </Section>
      </Stack>
    </Box>
  );
}
