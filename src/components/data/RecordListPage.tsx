// The one screen of a paged list of records (learners, faculties, users, batches): the title with
// New, Import and the page's own buttons, the search box and filters, the table with its states,
// selection, Edit and Delete per row, and the create/edit form, import and delete dialogs.
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import { queryErrorMessage } from '../../store/api';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { LoadError } from '../feedback/LoadError';
import { TextInput } from '../form/TextInput';
import { PageContainer } from '../layout/PageContainer';
import { DeleteButton, EditButton } from './EditDeleteButtons';
import { RecordTable, recordsOf, type RecordColumn } from './RecordTable';
import type { SpreadsheetImportDialog as SpreadsheetImportDialogView } from './SpreadsheetImportDialog';
import type { ListSearch } from './useListSearch';

const SpreadsheetImportDialog = lazy(() =>
  import('./SpreadsheetImportDialog').then((module) => ({
    default: module.SpreadsheetImportDialog,
  })),
);

/**
 * The spreadsheet import. Its words come from the page's title: the button and the dialog
 * "Import learners", the file "Learners spreadsheet", the skipped rows "Skipped learners".
 */
export type SheetImport = Pick<
  ComponentProps<typeof SpreadsheetImportDialogView>,
  'templateUrl' | 'endpoint' | 'fallbackMessage'
>;

/** What a paged list query hook answers (RTK Query: `{ data, meta.pagination }`). */
export interface RecordsQuery<T> {
  data?: { data: readonly T[]; meta: { pagination?: { total: number } | null } };
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** The buttons every row may have, for a page that orders them with its own. */
export interface StandardRowButtons {
  edit: ReactNode;
  remove: ReactNode;
}

interface RecordListPageProps<T> {
  /** The page's title and the table's accessible name ("Learners"). */
  title: string;
  query: RecordsQuery<T>;
  /** Said when the load fails without a message of the server's ("The learners could not be
   * loaded." by default). */
  errorText?: string;
  /** Retry beside the load's error. */
  retry?: boolean;
  search: ListSearch;
  /** "Search learners" by default. */
  searchLabel?: string;
  searchHelp?: string;
  /** Beside the search box (a batch select). */
  filters?: ReactNode;
  columns: readonly RecordColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The record's word and its name, as the row's buttons say them ("Edit faculty Rahul"). */
  noun: string;
  nameOf: (row: T) => string;
  onRowClick?: (row: T) => void;
  empty: { title: string; description: string };
  pageSize: number;
  /** The create ("New learner") and edit form (record null: a new one); none: no New, no Edit. */
  form?: (record: T | null, close: () => void) => ReactNode;
  sheetImport?: SheetImport;
  /** After New and Import in the title row (an export). */
  moreActions?: ReactNode;
  /** A row's Delete and its confirmation; `run` deletes (a rejection keeps the dialog open). */
  deletion?: { title: string; message: (row: T) => string; run: (row: T) => Promise<unknown> };
  /** A row's buttons around the standard ones (without it: Edit, then Delete). */
  rowActions?: (row: T, standard: StandardRowButtons) => ReactNode;
  /** Checkboxes before the rows ("Select Asha"), keyed by `rowKey`. */
  selection?: { selected: readonly (string | number)[]; onToggle: (key: string | number) => void };
  /** Between the search and the table: progress, messages, the selection's buttons. */
  children?: ReactNode;
  /** The page's own dialogs; lazy ones load like the list's. */
  dialogs?: ReactNode;
}

export function RecordListPage<T>(props: RecordListPageProps<T>) {
  const { title, query, retry = false, search, form, sheetImport, deletion } = props;
  const { rowKey, noun, nameOf, rowActions, selection } = props;
  const records = title.toLowerCase();
  const errorText = props.errorText ?? `The ${records} could not be loaded.`;
  const importTitle = `Import ${records}`;
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const error = query.isError ? queryErrorMessage(query.error, errorText) : null;
  const reload = () => void query.refetch();

  const titleButtons = [
    form ? (
      <Button key="new" variant="contained" onClick={() => setEditing({ record: null })}>
        New {noun}
      </Button>
    ) : null,
    sheetImport ? (
      <Button key="import" variant="outlined" onClick={() => setImporting(true)}>
        {importTitle}
      </Button>
    ) : null,
  ];
  const standard = (row: T): StandardRowButtons => ({
    edit: form ? (
      <EditButton name={`${noun} ${nameOf(row)}`} onClick={() => setEditing({ record: row })} />
    ) : null,
    remove: deletion ? (
      <DeleteButton name={`${noun} ${nameOf(row)}`} onClick={() => setDeleting(row)} />
    ) : null,
  });
  const actions = (row: T) => {
    const buttons = standard(row);
    return rowActions ? (
      rowActions(row, buttons)
    ) : (
      <>
        {buttons.edit}
        {buttons.remove}
      </>
    );
  };
  const checkboxColumn: RecordColumn<T>[] = selection
    ? [
        {
          header: null,
          cell: (row) => (
            <Checkbox
              checked={selection.selected.includes(rowKey(row))}
              onChange={() => selection.onToggle(rowKey(row))}
              slotProps={{ input: { 'aria-label': `Select ${nameOf(row)}` } }}
            />
          ),
        },
      ]
    : [];

  return (
    <PageContainer
      title={title}
      actions={
        form || sheetImport || props.moreActions ? (
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {titleButtons}
            {props.moreActions}
          </Stack>
        ) : null
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextInput
          label={props.searchLabel ?? `Search ${records}`}
          {...search.field}
          helperText={props.searchHelp}
        />
        {props.filters}
      </Stack>
      {props.children}
      {error && retry ? <LoadError message={error} onRetry={reload} /> : null}
      <RecordTable
        name={title}
        records={recordsOf(query, retry ? null : error)}
        columns={[...checkboxColumn, ...props.columns]}
        rowKey={rowKey}
        actions={form || deletion || rowActions ? actions : undefined}
        onRowClick={props.onRowClick}
        empty={props.empty}
        page={search.page}
        pageSize={props.pageSize}
        onPage={search.setPage}
      />
      <Suspense fallback={null}>
        {form && editing ? form(editing.record, () => setEditing(null)) : null}
        {sheetImport && importing ? (
          <SpreadsheetImportDialog
            {...sheetImport}
            title={importTitle}
            fileLabel={`${title} spreadsheet`}
            skippedLabel={`Skipped ${records}`}
            onImported={reload}
            onClose={() => setImporting(false)}
          />
        ) : null}
        {props.dialogs}
      </Suspense>
      {deletion ? (
        <ConfirmDialog
          open={deleting !== null}
          title={deletion.title}
          message={deleting ? deletion.message(deleting) : ''}
          confirmLabel="Delete"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            if (deleting) await deletion.run(deleting);
          }}
        />
      ) : null}
    </PageContainer>
  );
}
