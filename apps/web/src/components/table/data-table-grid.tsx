import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { CellContent, TABLE_TEXT, cellSx, hideSx, visuallyHidden, type Column } from './column';
import type { ListState } from './list-state';
import { RowActionsMenu } from './row-actions-menu';

type GridProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  loading: boolean;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  rowKey: (row: T) => string | number;
  actions?: (row: T) => ReactNode;
  /** A phone: the row actions fold into a menu. */
  narrow: boolean;
  emptyText: string;
};

/** The header row: a sort label per sortable column, and the actions column's hidden name. */
function HeadRow<T>({ columns, state, onStateChange, actions }: GridProps<T>) {
  return (
    <TableRow>
      {columns.map((c) => (
        <TableCell
          key={c.key}
          align={c.align}
          sx={hideSx(c.hideBelow)}
          sortDirection={state.sortKey === c.key ? state.sortOrder : false}
        >
          {c.sortable ? (
            <TableSortLabel
              active={state.sortKey === c.key}
              direction={state.sortKey === c.key ? state.sortOrder : 'asc'}
              onClick={() =>
                onStateChange({
                  sortKey: c.key,
                  sortOrder: state.sortKey === c.key && state.sortOrder === 'asc' ? 'desc' : 'asc',
                })
              }
            >
              {c.label}
            </TableSortLabel>
          ) : (
            c.label
          )}
        </TableCell>
      ))}
      {actions && (
        <TableCell align="right">
          <Box component="span" sx={visuallyHidden}>
            Acties
          </Box>
        </TableCell>
      )}
    </TableRow>
  );
}

/** The rows; before the first load placeholder rows, without rows the empty text. */
function BodyRows<T>({ columns, rows, loading, state, rowKey, actions, narrow, emptyText }: GridProps<T>) {
  const colSpan = columns.length + (actions ? 1 : 0);
  const shares = columns.reduce(
    (sum, c) => sum + (c.truncate && !c.truncate.maxWidth ? (c.truncate.share ?? 1) : 0),
    0,
  );
  if (rows && rows.length > 0) {
    return rows.map((row) => (
      <TableRow key={rowKey(row)} hover>
        {columns.map((c) => (
          <TableCell
            key={c.key}
            align={c.align}
            title={c.truncate?.text(row) || undefined}
            sx={{ ...hideSx(c.hideBelow), ...cellSx(c, shares), ...(c.link && { position: 'relative' }) }}
          >
            <CellContent column={c} row={row} />
          </TableCell>
        ))}
        {actions && (
          <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, px: { xs: 0.5, sm: 2 } }}>
            {narrow ? <RowActionsMenu>{actions(row)}</RowActionsMenu> : actions(row)}
          </TableCell>
        )}
      </TableRow>
    ));
  }
  if (!rows && loading) {
    // The first load: placeholder rows of a page's height (at most 15), so the pagination
    // and what follows do not jump down when the rows arrive (layout shift).
    // Keys of their own: a real row must not take over a placeholder's element and move.
    return Array.from({ length: Math.min(state.itemsPerPage, 15) }, (_, i) => (
      <TableRow key={`placeholder-${i}`}>
        <TableCell colSpan={colSpan} sx={{ height: 53, py: 0 }}>
          {i === 0 && (
            <Box component="span" sx={visuallyHidden}>
              {TABLE_TEXT.loading}
            </Box>
          )}
          <Skeleton aria-hidden width={`${60 + ((i * 17) % 35)}%`} />
        </TableCell>
      </TableRow>
    ));
  }
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 6, color: 'text.secondary' }}>
        {emptyText}
      </TableCell>
    </TableRow>
  );
}

/** A DataTable's rows as a table (from sm up, or on every screen without cards). */
export function DataTableGrid<T>(props: GridProps<T>) {
  return (
    <TableContainer>
      <Table
        aria-label={props.label}
        aria-busy={props.loading}
        size="medium"
        // Narrower gutters below 1536 px: a list with its due column, status and row actions
        // fits 1280 px without scrolling sideways.
        sx={{ '& .MuiTableCell-root': { px: { sm: 1.25, xl: 2 } } }}
      >
        <TableHead>
          <HeadRow {...props} />
        </TableHead>
        <TableBody>
          <BodyRows {...props} />
        </TableBody>
      </Table>
    </TableContainer>
  );
}
