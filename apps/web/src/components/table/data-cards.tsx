import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ListState } from './list-state';

/**
 * A DataTable's rows as a list of cards (a phone, where a table's columns do not fit): one card
 * per row, each as the screen renders it (`renderCard`), with the same loading and empty texts.
 */
export function DataCards<T>(props: {
  label: string;
  rows: T[] | undefined;
  loading: boolean;
  rowKey: (row: T) => string | number;
  renderCard: (row: T) => ReactNode;
  /** How many placeholders the first load shows. */
  placeholders: number;
  emptyText: string;
}) {
  const { rows, loading } = props;
  return (
    <Box
      component="ul"
      aria-label={props.label}
      aria-busy={loading}
      sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1.5, pt: 0.5, display: 'grid', gap: 1.5 }}
    >
      {rows && rows.length > 0 ? (
        rows.map((row) => (
          <Box component="li" key={props.rowKey(row)}>
            {props.renderCard(row)}
          </Box>
        ))
      ) : !rows && loading ? (
        Array.from({ length: Math.min(props.placeholders, 6) }, (_, i) => (
          <Box component="li" key={`placeholder-${i}`}>
            <Skeleton variant="rounded" height={112} aria-hidden />
          </Box>
        ))
      ) : (
        <Box component="li">
          <Typography color="text.secondary" align="center" sx={{ py: 5 }}>
            {props.emptyText}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** A sort that is no column's (e.g. a mechanic's "Werkvolgorde"), offered first in the card sort. */
export type SortChoice = { key: string; order: 'asc' | 'desc'; label: string };

/**
 * The sort of a card list, which has no column headers to click: the screen's own sort choices,
 * then every sortable column, each ascending and descending.
 */
export function CardSortSelect({
  columns,
  choices = [],
  state,
  onStateChange,
}: {
  columns: { key: string; label: string; sortable?: boolean }[];
  choices?: SortChoice[];
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
}) {
  const options = [
    ...choices.map((c) => ({ value: `${c.key}:${c.order}`, label: c.label })),
    ...columns
      .filter((c) => c.sortable)
      .flatMap((c) => [
        { value: `${c.key}:asc`, label: `${c.label} (oplopend)` },
        { value: `${c.key}:desc`, label: `${c.label} (aflopend)` },
      ]),
  ];
  if (options.length === 0) return null;
  const value = `${state.sortKey}:${state.sortOrder}`;
  return (
    <TextField
      select
      size="small"
      label="Sorteren op"
      sx={{ width: '100%' }}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(e) => {
        const [sortKey, sortOrder] = String(e.target.value).split(':');
        onStateChange({ sortKey, sortOrder: sortOrder === 'desc' ? 'desc' : 'asc' });
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
