import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/layout/document-title';

/** A page of the authentication layout that only tells something, with one way on. */
export function AuthMessage({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action: { label: string; to: string };
}) {
  useDocumentTitle(title);
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }} tabIndex={-1}>
        {title}
      </Typography>
      {children}
      <Button component={RouterLink} to={action.to} variant="contained" size="large">
        {action.label}
      </Button>
    </Stack>
  );
}
