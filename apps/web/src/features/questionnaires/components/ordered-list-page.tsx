import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useConfirmedRemove } from '../../../components/feedback/use-confirmed-remove';
import { EmptyState } from '../../../components/feedback/empty-state';
import { useNotify } from '../../../components/feedback/notifications';
import { PageHeader, type Crumb } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RowAction } from '../../../components/table/row-action';
import { SortableList } from '../../../components/table/sortable-list';
import { errorMessage, type ApiResult } from '../../../lib/api-client';

type OrderedListPageProps<T extends { id: number; name: string }> = {
  title: string;
  crumbs: Crumb[];
  items: T[] | undefined;
  loading: boolean;
  error: unknown;
  addLabel: string;
  addTo: string;
  editTo: (item: T) => string;
  emptyTitle: string;
  emptyText: string;
  /** "Categorie verwijderen" ... */
  removeTitle: string;
  removeMessage: (item: T) => string;
  remove: (id: number) => Promise<ApiResult<null>>;
  reorder: (ids: number[]) => Promise<unknown>;
  renderItem: (item: T) => ReactNode;
  rowActions?: (item: T) => ReactNode;
  headerActions?: ReactNode;
};

/**
 * The categories of a questionnaire, or the questions of one of its categories: an ordered list
 * to rearrange (drag, keyboard, or up/down), add to, edit and remove from. The new order shows at
 * once and is saved; if saving fails the server's order comes back with the error.
 */
export function OrderedListPage<T extends { id: number; name: string }>(props: OrderedListPageProps<T>) {
  const notify = useNotify();
  const [order, setOrder] = useState<T[] | undefined>(props.items);
  useEffect(() => setOrder(props.items), [props.items]);

  const onReorder = async (ids: number[]) => {
    if (!order) return;
    const byId = new Map(order.map((i) => [i.id, i]));
    setOrder(ids.map((id) => byId.get(id)!));
    try {
      await props.reorder(ids);
    } catch (err) {
      setOrder(props.items);
      notify(errorMessage(err), 'error');
    }
  };

  const { onRemove, problemAlert } = useConfirmedRemove<T>({
    title: props.removeTitle,
    message: props.removeMessage,
    remove: props.remove,
  });

  return (
    <>
      <PageHeader
        title={props.title}
        crumbs={props.crumbs}
        actions={
          <>
            {props.headerActions}
            <Button component={RouterLink} to={props.addTo} variant="contained" startIcon={<AddIcon />}>
              {props.addLabel}
            </Button>
          </>
        }
      />
      {problemAlert}
      {props.error ? (
        <Alert severity="error">{errorMessage(props.error)}</Alert>
      ) : props.loading || !order ? (
        <PageLoader />
      ) : order.length === 0 ? (
        <EmptyState title={props.emptyTitle}>{props.emptyText}</EmptyState>
      ) : (
        <SortableList
          label={props.title}
          items={order}
          onReorder={(ids) => void onReorder(ids)}
          describe={(i) => i.name}
          renderItem={props.renderItem}
          actions={(item) => (
            <>
              {props.rowActions?.(item)}
              <RowAction label="Wijzigen" icon={<EditIcon />} to={props.editTo(item)} />
              <RowAction label="Verwijderen" icon={<DeleteIcon />} color="error" onClick={() => void onRemove(item)} />
            </>
          )}
        />
      )}
    </>
  );
}
