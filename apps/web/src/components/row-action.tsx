import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** An icon button in a table row: a tooltip and the same text as its accessible name. */
export function RowAction({
  label,
  icon,
  to,
  onClick,
  color,
}: {
  label: string;
  icon: ReactElement;
  to?: string;
  onClick?: () => void;
  color?: 'default' | 'primary' | 'error';
}) {
  return (
    <Tooltip title={label}>
      {to ? (
        <IconButton component={RouterLink} to={to} aria-label={label} color={color}>
          {icon}
        </IconButton>
      ) : (
        <IconButton onClick={onClick} aria-label={label} color={color}>
          {icon}
        </IconButton>
      )}
    </Tooltip>
  );
}
