import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_TOKEN_TEXT } from '@keurwijzer/shared/api-tokens';
import { ROLE_LABELS, roleCan } from '@keurwijzer/shared/permissions';
import {
  LANGUAGE_LABELS,
  PROFILE_TEXT,
  ProfileInputSchema,
  type Profile as ProfileData,
  type ProfileFormValues,
} from '@keurwijzer/shared/profile';
import { LANGUAGES } from '@keurwijzer/shared/users';
import { useNotify } from '../../../components/feedback/notifications';
import { PageLoader } from '../../../components/feedback/page-loader';
import { TextFieldElement } from '../../../components/form/form-fields';
import { FormPage } from '../../../components/form/form-page';
import { SelectElement } from '../../../components/form/select-element';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorMessage } from '../../../lib/api-client';
import { applyUserLanguage } from '../../../lib/language';
import { updateProfile, useProfile, useProfileChange } from '../../../lib/api/profile';
import { ProfilePhoto } from '../components/profile-photo';
import { getsMalfunctionMails, MalfunctionMailsSwitch } from '../components/malfunction-mails-switch';
import { getsReminders, ReminderMailsSwitch } from '../components/reminder-mails-switch';
import { PersonNameFields } from '../../../components/form/person-name-fields';

const valuesOf = (user: ProfileData): ProfileFormValues => ({
  first_name: user.first_name,
  preposition: user.preposition ?? '',
  last_name: user.last_name,
  lang: user.lang,
  reminder_mails: user.reminder_mails,
  phone: user.phone ?? '',
  malfunction_mails: user.malfunction_mails,
});

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));

/** A value that is shown but not edited here. */
function Info({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Stack>
  );
}

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
function ProfileForm({ user, onSaved }: { user: ProfileData; onSaved: () => void }) {
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
      <PersonNameFields control={form.control} self />
      <TextFieldElement
        name="phone"
        control={form.control}
        label={PROFILE_TEXT.phone}
        type="tel"
        autoComplete="tel"
        helperText={PROFILE_TEXT.phoneHelp}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        sx={{ maxWidth: { sm: 360 } }}
      />
      {/* Shown, not edited: the address and the role are user management's (an admin's). */}
      <div>
        <Stack spacing={1} component="dl" sx={{ m: 0 }}>
          <Info label="E-mail" value={user.email} />
          <Info label="Rol" value={ROLE_LABELS[user.role]} />
          {user.customer_name && <Info label="Klant" value={user.customer_name} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Je e-mailadres en rol kan alleen een beheerder wijzigen.
        </Typography>
      </div>
      <SelectElement name="lang" control={form.control} label="Taal" required options={LANGUAGE_OPTIONS} />
      {getsReminders(user.role) && (
        <ReminderMailsSwitch name="reminder_mails" control={form.control} role={user.role} />
      )}
      {getsMalfunctionMails(user.role) && <MalfunctionMailsSwitch name="malfunction_mails" control={form.control} />}
    </FormPage>
  );
}

/** The settings of other features the profile shows (app/routes/profile.tsx passes them in). */
export type ProfileSettings = { twoFactor: ReactNode; apiTokens: ReactNode };

/**
 * profile (every role, `profile.edit`): name, photo, phone number (prefills a
 * malfunction's "Bereikbaar op"), language, (office and customer users) the reminder mails'
 * switch, (customer users) "E-mails over mijn storingen" (PUT /api/profile, "Profiel is
 * gewijzigd"; the app bar follows at once), the e-mail address shown only, links to change
 * the password and to two-factor sign-in, and (office admins, customer users) the API tokens.
 */
export default function Profile({ twoFactor, apiTokens }: ProfileSettings) {
  const profile = useProfile();
  const [saves, setSaves] = useState(0);

  return (
    <Box sx={{ maxWidth: 960 }}>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.error || !profile.data ? (
        <Alert severity="error">{errorMessage(profile.error)}</Alert>
      ) : (
        <ProfileForm key={saves} user={profile.data} onSaved={() => setSaves((n) => n + 1)} />
      )}
      <Stack spacing={3} sx={{ mt: 3 }}>
        <Section title="Wachtwoord">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Na het wijzigen word je op je andere apparaten uitgelogd.
          </Typography>
          <Button component={RouterLink} to="/change-password" variant="outlined">
            Wachtwoord wijzigen
          </Button>
        </Section>
        <Section title="Tweestapsverificatie">{twoFactor}</Section>
        {profile.data && roleCan(profile.data.role, 'api.tokens') && (
          <Section title={API_TOKEN_TEXT.title}>{apiTokens}</Section>
        )}
      </Stack>
    </Box>
  );
}
