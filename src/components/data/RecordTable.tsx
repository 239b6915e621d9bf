// One paged table of records (faculties, users, batches, a test's results): the load error, the
// first load's spinner, the empty state, then the table with each row's actions and the pager.
// On a phone the rows become stacked cards (each column's header next to its value) instead of a
// table that scrolls sideways. The page keeps its own search box and filters above it.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '../feedback/EmptyState';
import { LoadError } from '../feedback/LoadError';
import { RecordCards } from './RecordCards';
import { Spinner } from '../feedback/Spinner';
import { PageControls } from './PageControls';

export interface RecordColumn<T> {
  /** The header (null: an empty header, e.g. above avatars). */
  header: string | null;
  cell: (row: T) => ReactNode;
  align?: 'right';
}

/** Where the records' query stands. */
export interface RecordsState<T> {
  rows: readonly T[];
  /** A load (the first or a later one) is running. */
  loading: boolean;
  /** The last load answered (an empty answer shows the empty state). */
  loaded: boolean;
  /** Something has been shown before (a later load keeps the rows). */
  hasData: boolean;
  error: string | null;
  total: number;
}

interface RecordTableProps<T> {
  /** The records' name as a title: the table's accessible name ("Faculties"). */
  name: string;
  records: RecordsState<T>;
  columns: readonly RecordColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The buttons of a row, in an "Actions" column (none: no column). */
  actions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  empty: { title: string; description: string };
  /** A server-paged list's page; a list shown whole passes none of the three (no pager). */
  page?: number;
  pageSize?: number;
  onPage?: (page: number) => void;
  /** Offers Retry next to a load error. */
  onRetry?: () => void;
  /** The table's least width before it scrolls sideways (wide tables on a tablet). */
  minWidth?: number;
  /** A class on the table's frame (the reports' print styles unfold `print-table`). */
  className?: string;
}

export function RecordTable<T>({
  name,
  records,
  columns,
  rowKey,
  actions,
  onRowClick,
  empty,
  page,
  pageSize,
  onPage,
  onRetry,
  minWidth,
  className,
}: RecordTableProps<T>) {
  const loadingLabel = `Loading ${name.toLowerCase()}`;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <>
      {records.error && onRetry ? <LoadError message={records.error} onRetry={onRetry} /> : null}
      {records.error && !onRetry ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {records.error}
        </Alert>
      ) : null}
      {records.loading && !records.hasData ? <Spinner label={loadingLabel} /> : null}
      {records.loaded && !records.loading && records.rows.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : null}
      {records.rows.length > 0 ? (
        <Paper variant="outlined" aria-busy={records.loading}>
          {records.loading ? <LinearProgress aria-label={loadingLabel} /> : null}
          {phone ? (
            <RecordCards
              name={name}
              rows={records.rows}
              columns={columns}
              rowKey={rowKey}
              actions={actions}
              onRowClick={onRowClick}
            />
          ) : (
            <TableContainer className={className}>
              <Table aria-label={name} size="small" sx={minWidth ? { minWidth } : undefined}>
                <TableHead>
                  <TableRow>
                    {columns.map((column, index) => (
                      <TableCell key={column.header ?? index} align={column.align}>
                        {column.header}
                      </TableCell>
                    ))}
                    {actions ? <TableCell align="right">Actions</TableCell> : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {records.rows.map((row) => (
                    <TableRow
                      key={rowKey(row)}
                      hover
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                      sx={onRowClick ? { cursor: 'pointer' } : undefined}
                    >
                      {columns.map((column, index) => (
                        <TableCell key={column.header ?? index} align={column.align}>
                          {column.cell(row)}
                        </TableCell>
                      ))}
                      {actions ? (
                        <TableCell
                          align="right"
                          sx={{ whiteSpace: 'nowrap' }}
                          onClick={onRowClick ? (event) => event.stopPropagation() : undefined}
                        >
                          {actions(row)}
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {page !== undefined && pageSize !== undefined && onPage ? (
            <PageControls total={records.total} page={page} pageSize={pageSize} onPage={onPage} />
          ) : null}
        </Paper>
      ) : null}
    </>
  );
}

/** A paged query's result (`{ data, meta.pagination }`) as a table's records. */
export function recordsOf<T>(
  query: {
    data?: { data: readonly T[]; meta: { pagination?: { total: number } | null } };
    isFetching: boolean;
    isSuccess: boolean;
  },
  error: string | null,
): RecordsState<T> {
  const rows = query.data?.data ?? [];
  return {
    rows,
    loading: query.isFetching,
    loaded: query.isSuccess,
    hasData: query.data !== undefined,
    error,
    total: query.data?.meta.pagination?.total ?? rows.length,
  };
}

/** A query whose answer the endpoint already shaped (`rows` and their `total`) as records. */
export function recordsFrom<T>(
  query: { isFetching: boolean; isError: boolean },
  answer: { rows: readonly T[]; total: number } | undefined,
  error: string | null,
): RecordsState<T> {
  return {
    rows: answer?.rows ?? [],
    loading: query.isFetching,
    loaded: answer !== undefined || query.isError,
    hasData: answer !== undefined,
    error,
    total: answer?.total ?? 0,
  };
}
