import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TasklistCandidate } from '@keurwijzer/shared/tasklists';
import { FilterSelect } from '../../../components/table/filter-select';
import { TABLE_TEXT } from '../../../components/table/data-table';
import { SearchField } from '../../../components/table/search-field';
import { CandidateCards, CandidateTable } from './candidate-views';

/** Departments (or rooms) the candidates stand in, by name. */
function placesOf(items: TasklistCandidate[], key: 'department' | 'room') {
  const seen = new Map<number, string>();
  for (const c of items) {
    const id = c[`${key}_id`];
    const name = c[`${key}_name`];
    if (id !== null && name !== null) seen.set(id, name);
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'nl'));
}

const matches = (c: TasklistCandidate, words: string[]) => {
  const text = [c.name, c.inventory_number, c.machine_type_name, c.department_name, c.room_name]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
};

/**
 * "Machines op deze vestiging": the location's machines not on the list yet, filtered by
 * department and room and searched; the plannable ones are chosen with checkboxes ("Alles
 * selecteren" takes the visible ones), the others say why they cannot be planned.
 */
export function CandidateList({
  candidates,
  selected,
  onSelect,
}: {
  candidates: TasklistCandidate[];
  selected: Set<number>;
  onSelect: (ids: Set<number>) => void;
}) {
  const [search, setSearch] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [roomId, setRoomId] = useState('');
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const departments = useMemo(() => placesOf(candidates, 'department'), [candidates]);
  const rooms = useMemo(
    () =>
      placesOf(
        candidates.filter((c) => String(c.department_id) === departmentId),
        'room',
      ),
    [candidates, departmentId],
  );
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const visible = candidates.filter(
    (c) =>
      (!departmentId || String(c.department_id) === departmentId) &&
      (!roomId || String(c.room_id) === roomId) &&
      matches(c, words),
  );
  const plannable = visible.filter((c) => c.plannable);
  const allChosen = plannable.length > 0 && plannable.every((c) => selected.has(c.id));
  const someChosen = plannable.some((c) => selected.has(c.id));

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const c of plannable) {
      if (allChosen) next.delete(c.id);
      else next.add(c.id);
    }
    onSelect(next);
  };

  const empty = candidates.length === 0 ? 'Geen andere machines op deze vestiging' : TABLE_TEXT.noMatch;

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField
          label="Zoeken op naam, nummer of type"
          value={search}
          onChange={setSearch}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
        <FilterSelect
          label="Afdeling"
          value={departmentId}
          options={departments}
          onChange={(v) => {
            setDepartmentId(v);
            setRoomId('');
          }}
        />
        <FilterSelect label="Ruimte" value={roomId} options={rooms} disabled={!departmentId} onChange={setRoomId} />
        <FormControlLabel
          sx={{ minHeight: 48, mr: 0 }}
          control={
            <Checkbox
              checked={allChosen}
              indeterminate={someChosen && !allChosen}
              disabled={plannable.length === 0}
              onChange={toggleAll}
            />
          }
          label={`Alles selecteren (${plannable.length})`}
        />
      </Box>
      {visible.length === 0 ? (
        <Typography color="text.secondary" align="center" sx={{ py: 5 }}>
          {empty}
        </Typography>
      ) : narrow ? (
        <CandidateCards visible={visible} selected={selected} toggle={toggle} />
      ) : (
        <CandidateTable visible={visible} selected={selected} toggle={toggle} />
      )}
    </Paper>
  );
}
