import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { RowActionsMenu } from './row-actions-menu';

type SortableListProps<T extends { id: number }> = {
  label: string;
  items: T[];
  /** Called with the ids in their new order. */
  onReorder: (ids: number[]) => void;
  /** Accessible name of an item in the move buttons ("Omhoog: <name>"). */
  describe: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  actions?: (item: T) => ReactNode;
  disabled?: boolean;
};

/**
 * An ordered list that can be rearranged by dragging the handle (mouse or touch), with the
 * keyboard on the handle (space to pick up, arrows to move, space to drop), or with the up/down
 * buttons of each row.
 */
export function SortableList<T extends { id: number }>(props: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map((i) => i.id);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    props.onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  return (
    <Paper variant="outlined">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              'Druk op spatie om op te pakken, gebruik de pijltjestoetsen om te verplaatsen en druk op spatie om neer te zetten.',
          },
          announcements: {
            onDragStart: () => 'Opgepakt.',
            onDragOver: ({ over }) => (over ? 'Verplaatst.' : 'Buiten de lijst.'),
            onDragEnd: ({ over }) => (over ? 'Neergezet.' : 'Teruggezet.'),
            onDragCancel: () => 'Verplaatsen geannuleerd.',
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <List aria-label={props.label} disablePadding>
            {props.items.map((item, index) => (
              <SortableRow
                key={item.id}
                id={item.id}
                disabled={props.disabled}
                first={index === 0}
                last={index === props.items.length - 1}
                name={props.describe(item)}
                onUp={() => move(index, index - 1)}
                onDown={() => move(index, index + 1)}
                actions={props.actions?.(item)}
              >
                {props.renderItem(item)}
              </SortableRow>
            ))}
          </List>
        </SortableContext>
      </DndContext>
    </Paper>
  );
}

function SortableRow(props: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
  disabled?: boolean;
  onUp: () => void;
  onDown: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
    disabled: props.disabled,
  });
  // On a phone the row's buttons go behind one "Acties" button, so the name keeps its width.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const buttons = (
    <>
      <IconButton aria-label={`Omhoog: ${props.name}`} onClick={props.onUp} disabled={props.disabled || props.first}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`Omlaag: ${props.name}`} onClick={props.onDown} disabled={props.disabled || props.last}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      {props.actions}
    </>
  );
  return (
    <ListItem
      ref={setNodeRef}
      divider
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        zIndex: isDragging ? 1 : 'auto',
        position: 'relative',
        gap: 1,
        py: 0.5,
        pl: 0.5,
      }}
      data-testid="sortable-row"
    >
      <Tooltip title="Slepen om te verplaatsen">
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Verplaatsen: ${props.name}`}
          sx={{ cursor: 'grab', touchAction: 'none' }}
          disabled={props.disabled}
        >
          <DragIndicatorIcon />
        </IconButton>
      </Tooltip>
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{props.children}</Box>
      {narrow ? <RowActionsMenu>{buttons}</RowActionsMenu> : buttons}
    </ListItem>
  );
}
