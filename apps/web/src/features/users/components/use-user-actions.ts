import type { User } from '@keurwijzer/shared/users';
import { fullName } from '@keurwijzer/shared/users';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import {
  archiveUser,
  requirePasswordChange,
  resendInvitation,
  resetTwoFactor,
  restoreUser,
  useUserMutation,
} from '../../../lib/api/users';

/**
 * Archive, restore, resend-invitation, require a new password and reset two-factor, each confirmed
 * first and notified after.
 */
export function useUserActions() {
  const run = useConfirmedAction();
  const archive = useUserMutation(archiveUser);
  const restore = useUserMutation(restoreUser);
  const resend = useUserMutation(resendInvitation);
  const requirePassword = useUserMutation(requirePasswordChange);
  const resetTwoFactorOf = useUserMutation(resetTwoFactor);

  return {
    busy:
      archive.isPending ||
      restore.isPending ||
      resend.isPending ||
      requirePassword.isPending ||
      resetTwoFactorOf.isPending,
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
    requirePasswordChange: (user: User) =>
      run(
        {
          title: 'Wachtwoord wijzigen verplichten',
          message: `${fullName(user)} moet bij de volgende keer inloggen eerst een nieuw wachtwoord kiezen, en kan tot dan niets anders doen.`,
          confirmLabel: 'Verplichten',
        },
        () => requirePassword.mutateAsync(user.id),
      ),
    resetTwoFactor: (user: User) =>
      run(
        {
          title: 'Tweestapsverificatie resetten',
          message: `De tweestapsverificatie van ${fullName(user)} gaat uit: de app en de herstelcodes werken niet meer, de gebruiker wordt overal uitgelogd en krijgt hierover een e-mail. Daarna logt de gebruiker in met alleen het wachtwoord en stelt tweestapsverificatie opnieuw in.`,
          confirmLabel: 'Resetten',
          destructive: true,
        },
        () => resetTwoFactorOf.mutateAsync(user.id),
      ),
  };
}
