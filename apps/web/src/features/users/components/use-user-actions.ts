import type { User } from '@keurwijzer/shared/users';
import { fullName } from '@keurwijzer/shared/users';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { errorMessage } from '../../../lib/api-client';
import { archiveUser, resendInvitation, restoreUser, useUserMutation } from '../api/users';

/** Archive, restore and resend-invitation, each confirmed first and notified after. */
export function useUserActions() {
  const confirm = useConfirm();
  const notify = useNotify();
  const archive = useUserMutation(archiveUser);
  const restore = useUserMutation(restoreUser);
  const resend = useUserMutation(resendInvitation);

  const run = async (ask: Parameters<typeof confirm>[0], action: () => Promise<{ message?: string }>) => {
    if (!(await confirm(ask))) return;
    try {
      const res = await action();
      if (res.message) notify(res.message);
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
  };

  return {
    busy: archive.isPending || restore.isPending || resend.isPending,
    archive: (user: User) =>
      run(
        {
          title: 'Gebruiker archiveren',
          message: `Weet je zeker dat je ${fullName(user)} wilt archiveren? De gebruiker kan dan niet meer inloggen.`,
          confirmLabel: 'Archiveren',
          destructive: true,
        },
        () => archive.mutateAsync(user.id),
      ),
    restore: (user: User) =>
      run(
        {
          title: 'Gebruiker herstellen',
          message: `Weet je zeker dat je ${fullName(user)} wilt herstellen?`,
          confirmLabel: 'Herstellen',
        },
        () => restore.mutateAsync(user.id),
      ),
    resend: (user: User) =>
      run(
        {
          title: 'Uitnodiging opnieuw versturen',
          message: `Een nieuwe uitnodiging gaat naar ${user.email}. De vorige link werkt daarna niet meer.`,
          confirmLabel: 'Versturen',
        },
        () => resend.mutateAsync(user.id),
      ),
  };
}
