import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { errorMessage } from '../../lib/api-client';
import { PageLoader } from './page-loader';

/**
 * What a screen shows of the query it reads: its error as an alert, "Laden..." while there is no
 * data yet, then the content made of the data.
 */
export function QueryContent<T>({
  error,
  data,
  children,
}: {
  error: unknown;
  data: T | null | undefined;
  children: (data: T) => ReactNode;
}) {
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data) return <PageLoader />;
  return children(data);
}
