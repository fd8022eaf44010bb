import type { ReactNode } from 'react';
import { PageHeader, type Crumb } from '../layout/page-header';
import { DataTable, type DataTableProps } from './data-table';

export type ListPageProps<T> = Omit<DataTableProps<T>, 'label'> & {
  /** The page's heading, and the table's accessible name. */
  title: string;
  crumbs?: Crumb[];
  /** Buttons beside the heading ("Nieuwe ...", an export). */
  headerActions?: ReactNode;
  /** What stands between the heading and the table (an alert). */
  children?: ReactNode;
};

/**
 * A list screen: its heading (PageHeader) over its DataTable, the one named as the other. The
 * screen gives the table's props as it would to DataTable (useDataTableQuery's, columns, filters).
 */
export function ListPage<T>({ title, crumbs, headerActions, children, ...table }: ListPageProps<T>) {
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} actions={headerActions} />
      {children}
      <DataTable<T> {...table} label={title} />
    </>
  );
}
