import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { ReactNode } from 'react';
import type { Resource } from '../../lib/resource';
import { useConfirmedRemove } from '../feedback/use-confirmed-remove';
import type { Column } from './data-table';
import { ListPage } from './list-page';
import { useDataTableQuery } from './use-data-table-query';
import type { Crumb } from '../layout/page-header';
import { RowAction } from './row-action';

/** A row of a master-data list: every one has an id and a name. */
type Named = { id: number; name: string };

/**
 * Where "new" and an item lead: `base` for the usual `${base}/create` and `${base}/${id}/edit`,
 * or both spelled out.
 */
type Targets<T> =
  | { base: string; newTo?: undefined; editTo?: undefined }
  | {
      base?: undefined;
      newTo: string;
      /** The item's own screen: the pencil and the primary column's link lead there. */
      editTo: (row: T) => string;
    };

type CrudListPageProps<T extends Named, P> = Targets<T> & {
  resource: Pick<Resource<T, never, P>, 'useList' | 'useRemove'>;
  parentId?: P;
  title: string;
  crumbs?: Crumb[];
  newLabel: string;
  columns: Column<T>[];
  /** The column whose cell links to the item's screen (default "name"). */
  linkColumn?: string;
  /** "merk": used in "Weet je zeker dat je merk X wilt verwijderen?". */
  noun: string;
  /** The item in that question (default its name). */
  describe?: (row: T) => string;
  /** Default "name". */
  defaultSort?: string;
  /** Default "Zoeken op naam". */
  searchLabel?: string;
  /** Filters beside the search field and their query values. */
  filters?: ReactNode;
  filterQuery?: Record<string, string | undefined>;
  /** More row buttons before edit and delete. */
  rowActions?: (row: T) => ReactNode;
  /** More buttons beside "new". */
  headerActions?: ReactNode;
  /** No delete button (items that are archived instead, like machines). */
  hideDelete?: boolean;
  /** Show the "Gearchiveerd" switch (the list then shows archived or active items). */
  archivable?: boolean;
  /** Content between the header and the table (e.g. the parent's details). */
  children?: ReactNode;
};

/**
 * The list screen of a master-data resource: header with "new", the shared DataTable, edit and
 * delete per row. Delete asks first; a refusal (409, the item is in use) stays on screen with the
 * server's explanation until dismissed.
 */
export function CrudListPage<T extends Named, P = number>(props: CrudListPageProps<T, P>) {
  const table = useDataTableQuery({
    useList: props.resource.useList,
    parentId: props.parentId,
    defaults: { sortKey: props.defaultSort ?? 'name' },
    filters: props.filterQuery,
  });
  const remove = props.resource.useRemove(props.parentId);
  const { linkColumn = 'name', describe = (row: T) => row.name } = props;
  const { base } = props;
  const newTo = base === undefined ? props.newTo : `${base}/create`;
  const editTo = base === undefined ? props.editTo : (row: T) => `${base}/${row.id}/edit`;
  // The name is a link too: the pencil alone is a small target and easy to miss.
  const columns = props.columns.map((c) =>
    c.key === linkColumn && !c.link ? { ...c, link: (row: T) => ({ to: editTo(row) }) } : c,
  );
  const { onRemove, problemAlert } = useConfirmedRemove<T>({
    title: `${capitalize(props.noun)} verwijderen`,
    message: (row) => `Weet je zeker dat je ${props.noun} "${describe(row)}" wilt verwijderen?`,
    remove: (id) => remove.mutateAsync(id),
  });

  return (
    <ListPage<T>
      title={props.title}
      crumbs={props.crumbs}
      headerActions={
        <>
          {props.headerActions}
          <Button component={RouterLink} to={newTo} variant="contained" startIcon={<AddIcon />}>
            {props.newLabel}
          </Button>
        </>
      }
      {...table}
      columns={columns}
      rowKey={(row) => row.id}
      searchLabel={props.searchLabel ?? 'Zoeken op naam'}
      filters={props.filters}
      archivable={props.archivable}
      actions={(row) => (
        <>
          {props.rowActions?.(row)}
          <RowAction label="Wijzigen" icon={<EditIcon />} to={editTo(row)} />
          {!props.hideDelete && (
            <RowAction label="Verwijderen" icon={<DeleteIcon />} color="error" onClick={() => void onRemove(row)} />
          )}
        </>
      )}
    >
      {props.children}
      {problemAlert}
    </ListPage>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
