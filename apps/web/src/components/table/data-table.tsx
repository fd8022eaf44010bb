import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { RowActionsMenu } from './row-actions-menu';
import { CardSortSelect, DataCards, type SortChoice } from './data-cards';
import { RowLink } from './row-action';
import { errorMessage } from '../../lib/api-client';
import { ITEMS_PER_PAGE_OPTIONS, type ListState } from './list-state';

export type Column<T> = {
  /** The sort key sent to the API when `sortable`. */
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  /** Hidden on screens narrower than this breakpoint. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  align?: 'left' | 'right' | 'center';
  /** Keep the cell on one line, as wide as its content (numbers, prices, codes, dates, chips). */
  nowrap?: boolean;
  /** One line, cut off with "…" where it does not fit; the full text is the cell's tooltip. */
  truncate?: {
    text: (row: T) => string;
    /** As wide as its content up to this many px (a name), instead of sharing the room left. */
    maxWidth?: number;
    /** Its part of the room the other columns leave (relative to the other sharing columns). */
    share?: number;
  };
  /** Makes the cell's content a link to the row's own screen (the table's primary column). */
  link?: (row: T) => { to: string; label?: string } | undefined;
};

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

const SEARCH_DELAY_MS = 300;

/** Read by screen readers, not shown (1 px, clipped). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Dutch empty-list texts (product-decisions "Words"). */
export const TABLE_TEXT = {
  loading: 'Laden...',
  empty: 'Geen gegevens beschikbaar',
  noMatch: 'Geen overeenkomende resultaten gevonden',
} as const;

const hideSx = (bp?: Column<unknown>['hideBelow']) =>
  bp ? { display: { xs: 'none', [bp]: 'table-cell' } } : undefined;

/**
 * The width rules of the columns (docs/decisions.md, "Tables"). Once a column truncates, every
 * other column is as wide as its content on one line (width 1%: no wider than it must be), a
 * truncated column with a maxWidth fits its content up to that width, and the others share what
 * is left: `max-width: 0` lets such a cell be narrower than its text, so it is cut off instead of
 * wrapping or pushing the table wider than the screen.
 */
function cellSx<T>(c: Column<T>, shares: number) {
  const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  // At most 40% of a phone's width, so a long name cannot push the row's buttons off the screen.
  if (c.truncate?.maxWidth) return { ...oneLine, width: '1%', maxWidth: `min(${c.truncate.maxWidth}px, 40vw)` };
  if (c.truncate) return { ...oneLine, maxWidth: 0, width: `${(100 * (c.truncate.share ?? 1)) / shares}%` };
  if (shares > 0) return { whiteSpace: 'nowrap', width: '1%' } as const;
  return c.nowrap ? ({ whiteSpace: 'nowrap' } as const) : undefined;
}

/** The cell's content, as a link to the row's screen when the column has one. */
function CellContent<T>({ column, row }: { column: Column<T>; row: T }) {
  const content = column.render(row);
  const link = column.link?.(row);
  if (!link) return content;
  return (
    <RowLink to={link.to} label={link.label} cover>
      {content}
    </RowLink>
  );
}

/**
 * The server-paginated, sortable, searchable table of every admin list. A feature declares its
 * columns and row actions; paging, sorting, search (debounced) and the archived toggle live in
 * the URL via useListState. A list screen gets its rows, total, loading, error and state from
 * useDataTableQuery (use-data-table-query.ts).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, total, loading, error, state, onStateChange, rowKey, actions } = props;
  const [search, setSearch] = useState(state.search);

  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => onStateChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, state.search, onStateChange]);

  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // On phones a row of selects would push the list off the screen: they fold behind a button.
  const [filtersShown, setFiltersShown] = useState(() => (props.activeFilters ?? 0) > 0);
  const showFilters = !narrow || filtersShown;
  const cards = narrow && props.renderCard;
  const colSpan = columns.length + (actions ? 1 : 0);
  const shares = columns.reduce(
    (sum, c) => sum + (c.truncate && !c.truncate.maxWidth ? (c.truncate.share ?? 1) : 0),
    0,
  );
  const emptyText = loading ? TABLE_TEXT.loading : state.search ? TABLE_TEXT.noMatch : TABLE_TEXT.empty;

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="search"
          size="small"
          label={props.searchLabel ?? 'Zoeken'}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 255 },
          }}
        />
        {(props.filters || cards) && narrow && (
          <Button
            size="small"
            startIcon={<FilterListIcon />}
            aria-expanded={filtersShown}
            onClick={() => setFiltersShown((v) => !v)}
          >
            {filtersShown ? 'Filters verbergen' : `Filters${props.activeFilters ? ` (${props.activeFilters})` : ''}`}
          </Button>
        )}
        {showFilters && props.filters}
        {cards && filtersShown && (
          <CardSortSelect columns={columns} choices={props.sortChoices} state={state} onStateChange={onStateChange} />
        )}
        {props.archivable && (
          <FormControlLabel
            control={
              <Switch checked={state.archived} onChange={(e) => onStateChange({ archived: e.target.checked })} />
            }
            label="Gearchiveerd"
          />
        )}
      </Box>
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
        <TableContainer>
          <Table
            aria-label={props.label}
            aria-busy={loading}
            size="medium"
            // Narrower gutters below 1536 px: a list with its due column, status and row actions
            // fits 1280 px without scrolling sideways.
            sx={{ '& .MuiTableCell-root': { px: { sm: 1.25, xl: 2 } } }}
          >
            <TableHead>
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
            </TableHead>
            <TableBody>
              {rows && rows.length > 0 ? (
                rows.map((row) => (
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
                ))
              ) : !rows && loading ? (
                // The first load: placeholder rows of a page's height (at most 15), so the pagination
                // and what follows do not jump down when the rows arrive (layout shift).
                // Keys of their own: a real row must not take over a placeholder's element and move.
                Array.from({ length: Math.min(state.itemsPerPage, 15) }, (_, i) => (
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
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={colSpan} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
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
