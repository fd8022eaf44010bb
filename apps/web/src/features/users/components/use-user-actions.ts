import type { User } from '@keurwijzer/shared/users';
import { fullName } from '@keurwijzer/shared/users';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { archiveUser, resendInvitation, restoreUser, useUserMutation } from '../api/users';

/** Archive, restore and resend-invitation, each confirmed first and notified after. */
export function useUserActions() {
  const run = useConfirmedAction();
  const archive = useUserMutation(archiveUser);
  const restore = useUserMutation(restoreUser);
  const resend = useUserMutation(resendInvitation);

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
