import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { fullName } from '@keurwijzer/shared/users';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/auth';
import { updateUser, useUser, useUserMutation } from '../../../lib/api/users';
import { UserForm } from '../components/user-form';
import { useUserActions } from '../components/use-user-actions';
import { USER_KIND, useUserKind } from '../user-kind';

/** admin/users/{id}/edit and admin/customer-users/{id}/edit. */
export default function UserEdit() {
  const kind = useUserKind();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const notify = useNotify();
  const me = useCurrentUser();
  const { data: user, error, isPending } = useUser(id);
  const update = useUserMutation((input: Parameters<typeof updateUser>[1]) => updateUser(id, input));
  const actions = useUserActions();

  if (isPending) return <PageLoader />;
  if (error || !user) return <Alert severity="error">{errorMessage(error)}</Alert>;

  return (
    <UserForm
      key={user.id}
      kind={kind}
      user={user}
      title={`${fullName(user)} wijzigen`}
      onSubmit={async (input) => {
        const res = await update.mutateAsync(input);
        notify(res.message ?? 'Gebruiker is gewijzigd');
        await navigate(USER_KIND[kind].base);
      }}
      actions={
        <>
          {!user.activated_at && !user.archived_at && (
            <Button onClick={() => void actions.resend(user)} disabled={actions.busy}>
              Uitnodiging opnieuw versturen
            </Button>
          )}
          {user.id !== me.id && user.activated_at && !user.archived_at && !user.password_change_required && (
            <Button onClick={() => void actions.requirePasswordChange(user)} disabled={actions.busy}>
              Wachtwoord wijzigen verplichten
            </Button>
          )}
          {user.id !== me.id && user.two_factor_enabled && (
            <Button onClick={() => void actions.resetTwoFactor(user)} disabled={actions.busy}>
              Tweestapsverificatie resetten
            </Button>
          )}
          {user.id !== me.id &&
            (user.archived_at ? (
              <Button onClick={() => void actions.restore(user)} disabled={actions.busy}>
                Herstellen
              </Button>
            ) : (
              <Button color="error" onClick={() => void actions.archive(user)} disabled={actions.busy}>
                Archiveren
              </Button>
            ))}
        </>
      }
    />
  );
}
