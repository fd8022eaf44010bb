import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { errorMessage } from '../../lib/api-client';
import { TABLE_TEXT, type Column } from './column';
import { DataCards, type SortChoice } from './data-cards';
import { DataTableGrid } from './data-table-grid';
import { DataTableToolbar } from './data-table-toolbar';
import { ITEMS_PER_PAGE_OPTIONS, type ListState } from './list-state';

export { TABLE_TEXT, type Column } from './column';

export type DataTableProps<T> = {
  /** Accessible name of the table. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  error?: unknown;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  rowKey: (row: T) => string | number;
  /** Buttons at the end of each row. */
  actions?: (row: T) => ReactNode;
  searchLabel?: string;
  /** Show the "Gearchiveerd" switch. */
  archivable?: boolean;
  /** Extra filters beside the search field (on phones behind a "Filters" button). */
  filters?: ReactNode;
  /** How many of those filters are set: shown on the phone button, and opens them at first. */
  activeFilters?: number;
  /**
   * On a phone the rows are these cards instead of table rows (a screen a mechanic uses on site:
   * targets a thumb can hit); the sort is then a select beside the filters.
   */
  renderCard?: (row: T) => ReactNode;
  /** Sorts that are no column's, offered first in the phone's sort select. */
  sortChoices?: SortChoice[];
};

/**
 * The server-paginated, sortable, searchable table of every admin list. A feature declares its
 * columns and row actions; paging, sorting, search (debounced) and the archived toggle live in
 * the URL via useListState. A list screen gets its rows, total, loading, error and state from
 * useDataTableQuery (use-data-table-query.ts).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, total, loading, error, state, onStateChange, rowKey, actions } = props;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const cards = narrow && props.renderCard;
  const emptyText = loading ? TABLE_TEXT.loading : state.search ? TABLE_TEXT.noMatch : TABLE_TEXT.empty;

  return (
    <Paper variant="outlined">
      <DataTableToolbar
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        searchLabel={props.searchLabel}
        archivable={props.archivable}
        filters={props.filters}
        activeFilters={props.activeFilters}
        sortChoices={props.sortChoices}
        narrow={narrow}
        cards={Boolean(cards)}
      />
      {error ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      <Box sx={{ height: 4 }}>{loading && rows && <LinearProgress aria-label={TABLE_TEXT.loading} />}</Box>
      {cards ? (
        <DataCards
          label={props.label}
          rows={rows}
          loading={loading}
          rowKey={rowKey}
          renderCard={cards}
          placeholders={state.itemsPerPage}
          emptyText={emptyText}
        />
      ) : (
        <DataTableGrid
          label={props.label}
          columns={columns}
          rows={rows}
          loading={loading}
          state={state}
          onStateChange={onStateChange}
          rowKey={rowKey}
          actions={actions}
          narrow={narrow}
          emptyText={emptyText}
        />
      )}
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, Math.min(state.page - 1, Math.ceil(total / state.itemsPerPage) - 1))}
        rowsPerPage={state.itemsPerPage}
        rowsPerPageOptions={narrow ? [] : ITEMS_PER_PAGE_OPTIONS}
        onPageChange={(_, page) => onStateChange({ page: page + 1 })}
        onRowsPerPageChange={(e) => onStateChange({ itemsPerPage: Number(e.target.value) })}
        labelRowsPerPage="Rijen per pagina:"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} van ${count}`}
        getItemAriaLabel={(type) =>
          ({ first: 'Eerste pagina', last: 'Laatste pagina', next: 'Volgende pagina', previous: 'Vorige pagina' })[type]
        }
      />
    </Paper>
  );
}
