import { useMatches } from 'react-router';

/** admin/users manages employees, admin/customer-users the users of customers. */
export type UserKind = 'employees' | 'customers';

export const USER_KIND = {
  employees: { base: '/admin/users', title: 'Gebruikers', newLabel: 'Nieuwe gebruiker' },
  customers: { base: '/admin/customer-users', title: 'Klantgebruikers', newLabel: 'Nieuwe klantgebruiker' },
} as const;

/** The kind of the current route (its handle says which). */
export function useUserKind(): UserKind {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as { userKind?: UserKind } | undefined)?.userKind)
    ?.handle as { userKind: UserKind } | undefined;
  return handle?.userKind ?? 'employees';
}
