import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import FilterListIcon from '@mui/icons-material/FilterList';
import { CardSortSelect, type SortChoice } from './data-cards';
import type { Column } from './column';
import type { ListState } from './list-state';
import { SearchField } from './search-field';

const SEARCH_DELAY_MS = 300;

/** The search as typed, sent to the list state once typing pauses (and taken back when the URL changes it). */
function useDebouncedSearch(sent: string, onStateChange: (patch: Partial<ListState>) => void) {
  const [search, setSearch] = useState(sent);
  useEffect(() => setSearch(sent), [sent]);
  useEffect(() => {
    if (search === sent) return;
    const timer = setTimeout(() => onStateChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, sent, onStateChange]);
  return [search, setSearch] as const;
}

/**
 * Above a DataTable: the search field, the filters (on phones folded behind "Filters", with the
 * cards' sort select), and the "Gearchiveerd" switch.
 */
export function DataTableToolbar<T>({
  columns,
  state,
  onStateChange,
  searchLabel,
  archivable,
  filters,
  activeFilters,
  sortChoices,
  narrow,
  cards,
}: {
  columns: Column<T>[];
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  searchLabel?: string;
  archivable?: boolean;
  filters?: ReactNode;
  activeFilters?: number;
  sortChoices?: SortChoice[];
  narrow: boolean;
  /** The rows are cards (a phone): their sort select goes with the filters. */
  cards: boolean;
}) {
  const [search, setSearch] = useDebouncedSearch(state.search, onStateChange);
  // On phones a row of selects would push the list off the screen: they fold behind a button.
  const [filtersShown, setFiltersShown] = useState(() => (activeFilters ?? 0) > 0);
  const showFilters = !narrow || filtersShown;

  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <SearchField label={searchLabel ?? 'Zoeken'} value={search} onChange={setSearch} sx={{ maxWidth: { sm: 320 } }} />
      {(filters || cards) && narrow && (
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          aria-expanded={filtersShown}
          onClick={() => setFiltersShown((v) => !v)}
        >
          {filtersShown ? 'Filters verbergen' : `Filters${activeFilters ? ` (${activeFilters})` : ''}`}
        </Button>
      )}
      {showFilters && filters}
      {cards && filtersShown && (
        <CardSortSelect columns={columns} choices={sortChoices} state={state} onStateChange={onStateChange} />
      )}
      {archivable && (
        <FormControlLabel
          control={<Switch checked={state.archived} onChange={(e) => onStateChange({ archived: e.target.checked })} />}
          label="Gearchiveerd"
        />
      )}
    </Box>
  );
}
