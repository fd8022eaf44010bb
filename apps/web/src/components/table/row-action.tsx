import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';

/**
 * An icon button in a table row: a tooltip and the same text as its accessible name. With `text`
 * the icon carries a visible word beside it (an action whose icon alone says too little, like
 * "Storing melden"); `label` stays its accessible name and should begin with `text`.
 */
export function RowAction({
  label,
  icon,
  text,
  to,
  onClick,
  color,
}: {
  label: string;
  icon: ReactElement;
  text?: string;
  to?: string;
  onClick?: () => void;
  color?: 'default' | 'primary' | 'error' | 'warning';
}) {
  if (text) {
    return (
      <Button
        size="small"
        color={color === 'default' ? 'inherit' : color}
        startIcon={icon}
        aria-label={label}
        onClick={onClick}
        {...(to && { component: RouterLink, to })}
        sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
      >
        {text}
      </Button>
    );
  }
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

/**
 * The name of a row as a link to the row's own screen (the table's primary column): underlined,
 * lightly, so it reads as a link without making a list of names shout. `cover` stretches the
 * clickable area over the whole positioned parent (a table cell), a target big enough for a thumb.
 */
export function RowLink({
  to,
  label,
  cover = false,
  children,
}: {
  to: string;
  /** The accessible name, when the text alone does not say enough ("Jan" for Jan de Vries). */
  label?: string;
  cover?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      component={RouterLink}
      to={to}
      aria-label={label}
      color="inherit"
      underline="always"
      sx={{
        fontWeight: 500,
        textDecorationColor: (t) => alpha(t.palette.text.primary, 0.3),
        textUnderlineOffset: '3px',
        '&:hover': { textDecorationColor: 'currentColor' },
        ...(cover && { '&::after': { content: '""', position: 'absolute', inset: 0 } }),
      }}
    >
      {children}
    </Link>
  );
}
