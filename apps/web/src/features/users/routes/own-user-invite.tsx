import { useNavigate } from 'react-router';
import Typography from '@mui/material/Typography';
import { ACCOUNTS_TEXT, OwnUserInputSchema, type OwnUserFormValues } from '@keurwijzer/shared/users';
import { FormPage } from '../../../components/form/form-page';
import { TextFieldElement } from '../../../components/form/form-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useNotify } from '../../../components/feedback/notifications';
import { inviteOwnUser } from '../api/own-users';
import { useUserMutation } from '../../../lib/api/users';
import { PersonNameFields } from '../../../components/form/person-name-fields';

const EMPTY: OwnUserFormValues = { first_name: '', preposition: '', last_name: '', email: '' };

/**
 * users/invite (portal): a customer administrator invites a colleague, who gets the
 * office's invitation mail and becomes a user of the same customer (never an administrator).
 */
export default function OwnUserInvite() {
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useZodForm(OwnUserInputSchema, EMPTY);
  const invite = useUserMutation(inviteOwnUser);
  return (
    <FormPage
      title={ACCOUNTS_TEXT.ownUsersNew}
      crumbs={[{ label: ACCOUNTS_TEXT.ownUsersTitle, to: '/users' }, { label: ACCOUNTS_TEXT.ownUsersNew }]}
      form={form}
      cancelTo="/users"
      draftKey="/users/invite"
      submitLabel="Uitnodigen"
      onSubmit={async (values) => {
        const res = await invite.mutateAsync(values);
        notify(res.message ?? ACCOUNTS_TEXT.ownUserInvited);
        await navigate('/users');
      }}
    >
      <Typography color="text.secondary">
        Je collega krijgt een e-mail met een link om een wachtwoord te kiezen, en ziet daarna dezelfde machines als jij.
      </Typography>
      <PersonNameFields control={form.control} />
      <TextFieldElement name="email" control={form.control} label="E-mail" type="email" required autoComplete="off" />
    </FormPage>
  );
}
