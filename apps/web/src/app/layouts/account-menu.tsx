import { Suspense, lazy, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { fullName } from '@keurwijzer/shared/user-basics';
import { useCurrentUser } from '../../lib/api/auth';

const loadMenuList = () => import('./account-menu-list');
const AccountMenuList = lazy(loadMenuList);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');
}

/** The app bar's account button (photo or initials) and its menu (account-menu-list.tsx). */
export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code is fetched when the button is pointed at or focused, and rendered from then on.
  const [wanted, setWanted] = useState(false);
  const want = () => {
    void loadMenuList();
    setWanted(true);
  };
  const name = fullName(user);
  const userInitials = initials(name);
  // The accessible name holds the initials the button shows (WCAG 2.5.3, label in name; not in
  // parentheses, which the check leaves out).
  const accountLabel = `Account van ${name}, ${userInitials}`;

  return (
    <>
      <Tooltip title={`Account van ${name}`}>
        <IconButton
          color="inherit"
          aria-label={accountLabel}
          onPointerEnter={want}
          onFocus={want}
          onClick={(e) => {
            want();
            setAnchor(e.currentTarget);
          }}
        >
          <Avatar
            // The profile photo when there is one (the initials while it loads or if it fails).
            src={user.image ?? undefined}
            alt=""
            sx={(t) => ({
              width: 32,
              height: 32,
              bgcolor: 'common.white',
              color: 'primary.main',
              fontSize: 14,
              // The dark scheme's primary is a light red: on white the brand red reads.
              ...t.applyStyles('dark', { color: 'primary.dark' }),
            })}
          >
            {userInitials}
          </Avatar>
        </IconButton>
      </Tooltip>
      {/* Loaded at the first sign the menu is wanted (a pointer or focus on the button), shown once opened. */}
      {wanted && (
        <Suspense fallback={null}>
          <AccountMenuList
            anchor={anchor}
            name={name}
            role={user.role}
            onClose={() => setAnchor(null)}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </>
  );
}
