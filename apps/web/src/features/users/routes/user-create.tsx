import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { createUser, useUserMutation } from '../../../lib/api/users';
import { UserForm } from '../components/user-form';
import { USER_KIND, useUserKind } from '../user-kind';

/** admin/users/create and admin/customer-users/create. */
export default function UserCreate() {
  const kind = useUserKind();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useUserMutation(createUser);
  return (
    <UserForm
      kind={kind}
      title={USER_KIND[kind].newLabel}
      onSubmit={async (input) => {
        const res = await create.mutateAsync(input);
        notify(res.message ?? 'Gebruiker is aangemaakt');
        await navigate(USER_KIND[kind].base);
      }}
    />
  );
}
