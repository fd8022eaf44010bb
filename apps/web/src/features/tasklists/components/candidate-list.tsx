import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import BlockIcon from '@mui/icons-material/Block';
import SearchIcon from '@mui/icons-material/Search';
import type { TasklistCandidate } from '@keurwijzer/shared/tasklists';
import { FilterSelect } from '../../../components/table/filter-select';
import { TABLE_TEXT } from '../../../components/table/data-table';
import { CandidateDue } from './due-proposal';
import { OpenMalfunctionChip } from './open-malfunction-chip';
import { formatPlannedDate } from './tasklist-status';

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

/** Why a machine cannot be planned. */
function Reason({ text }: { text: string | null }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', mt: 0.5 }}>
      <BlockIcon fontSize="small" color="warning" sx={{ mt: '1px' }} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/** "Laatste rapport": the date of the machine's latest submitted report of this type, or "Nooit". */
const lastReport = (c: TasklistCandidate) => (c.last_report_date ? formatPlannedDate(c.last_report_date) : 'Nooit');

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
  const label = (c: TasklistCandidate) => `${c.name} (${c.inventory_number})`;

  const empty = candidates.length === 0 ? 'Geen andere machines op deze vestiging' : TABLE_TEXT.noMatch;

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="search"
          size="small"
          label="Zoeken op naam, nummer of type"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: { xs: '100%', sm: 300 } }}
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
        <Box
          component="ul"
          aria-label="Machines op deze vestiging"
          sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1.5, display: 'grid', gap: 1 }}
        >
          {visible.map((c) => (
            <Card
              component="li"
              key={c.id}
              variant="outlined"
              sx={{
                bgcolor: selected.has(c.id) ? 'action.selected' : undefined,
              }}
            >
              <Box
                component={c.plannable ? 'label' : 'div'}
                sx={{
                  display: 'flex',
                  gap: 1,
                  p: 1.5,
                  pl: c.plannable ? 0.5 : 1.5,
                  cursor: c.plannable ? 'pointer' : 'default',
                  minHeight: 56,
                }}
              >
                {c.plannable && (
                  <Checkbox
                    checked={selected.has(c.id)}
                    onChange={() => toggle(c.id)}
                    slotProps={{ input: { 'aria-label': label(c) } }}
                    sx={{ alignSelf: 'flex-start', p: 1.5, mt: -1 }}
                  />
                )}
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[c.inventory_number, c.machine_type_name].filter(Boolean).join(' · ')}
                  </Typography>
                  {c.open_malfunctions > 0 && (
                    <Box sx={{ my: 0.5 }}>
                      <OpenMalfunctionChip count={c.open_malfunctions} />
                    </Box>
                  )}
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {[c.department_name, c.room_name].filter(Boolean).join(' > ') || 'Geen afdeling of ruimte'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Laatste rapport: {lastReport(c)}
                  </Typography>
                  <CandidateDue candidate={c} />
                  {c.plannable ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {c.questionnaire_name}
                    </Typography>
                  ) : (
                    <Reason text={c.reason} />
                  )}
                </Box>
              </Box>
            </Card>
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table aria-label="Machines op deze vestiging">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      width: '1px',
                      height: '1px',
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    Kiezen
                  </Box>
                </TableCell>
                <TableCell>Machine</TableCell>
                <TableCell>Inventarisnr.</TableCell>
                <TableCell>Afdeling</TableCell>
                <TableCell>Ruimte</TableCell>
                <TableCell>Machinetype</TableCell>
                <TableCell>Laatste rapport</TableCell>
                <TableCell>Volgende keuring</TableCell>
                <TableCell>Vragenlijst</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((c) => (
                <TableRow
                  key={c.id}
                  hover={c.plannable}
                  selected={selected.has(c.id)}
                  onClick={c.plannable ? () => toggle(c.id) : undefined}
                  sx={{ cursor: c.plannable ? 'pointer' : 'default' }}
                >
                  <TableCell padding="checkbox">
                    {c.plannable && (
                      <Checkbox
                        checked={selected.has(c.id)}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(c.id)}
                        slotProps={{ input: { 'aria-label': label(c) } }}
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>
                    {c.name}
                    {c.open_malfunctions > 0 && (
                      <Box sx={{ mt: 0.5 }}>
                        <OpenMalfunctionChip count={c.open_malfunctions} />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.inventory_number}</TableCell>
                  <TableCell>{c.department_name ?? ''}</TableCell>
                  <TableCell>{c.room_name ?? ''}</TableCell>
                  <TableCell>{c.machine_type_name ?? ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastReport(c)}</TableCell>
                  <TableCell>
                    <CandidateDue candidate={c} />
                  </TableCell>
                  <TableCell>{c.plannable ? c.questionnaire_name : <Reason text={c.reason} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
