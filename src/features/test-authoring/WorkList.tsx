// The staff list of tests or of assignments: the categories kept for the list, its own filters
// (name, course, status, dates; issue 23), the paged table (name, status, category, course,
// duration, the list's own column, maximum marks, row actions: publish a draft, close a published
// one after a confirmation), the form to create or edit one (read afresh with its relations) and
// the delete confirmation.
import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { DeleteButton, EditButton } from '../../components/data/EditDeleteButtons';
import { RecordTable, recordsOf, type RecordColumn } from '../../components/data/RecordTable';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { LoadError } from '../../components/feedback/LoadError';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorMessage, type StrapiList } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { messageShown, selectCategorySelection, selectionChanged } from '../../store/uiSlice';
import { TestCategoryFilter } from './TestCategoryFilter';
import { capitalised, categoryChain, durationText } from './testLabels';
import type { WorkListQuery } from './testsUrls';
import type { WorkListed } from './testTypes';
import {
  useWorkFilters,
  WorkListFilters,
  WorkStatusChip,
  type WorkFilters,
} from './WorkListFilters';

type WorkScope = 'tests' | 'assignments';

/** The list's page and the categories chosen for it: what its list query asks for. */
export interface WorkListArgs {
  scope: WorkScope;
  page: number;
  setPage: (page: number) => void;
  query: WorkListQuery;
  filtered: boolean;
  filters: WorkFilters;
}

export function useWorkListArgs(scope: WorkScope): WorkListArgs {
  const { category, subCategory, subCategory2 } = useAppSelector(selectCategorySelection(scope));
  const [page, setPage] = useState(1);
  const filters = useWorkFilters(() => setPage(1));
  return {
    scope,
    page,
    setPage,
    query: {
      page,
      categoryId: category,
      subCategoryId: subCategory,
      subCategory2Id: subCategory2,
      ...filters.values,
    },
    filtered: Boolean(category || subCategory || subCategory2 || filters.active),
    filters,
  };
}

/** What the form of the list gets: the record to edit (none: a new one). */
export interface WorkFormSlot<D> {
  record: D | null;
  onClose: () => void;
  onSaved: () => void;
}

interface WorkListProps<T extends WorkListed, D> {
  /** "test" or "assignment": the texts, the labels and the screen selection say it. */
  noun: 'test' | 'assignment';
  title: string;
  args: WorkListArgs;
  list: {
    data?: StrapiList<T>;
    isFetching: boolean;
    isSuccess: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  pageSize: number;
  nameOf: (row: T) => string;
  hrefOf: (row: T) => string;
  durationOf: (row: T) => number | null | undefined;
  /** The list's own column, after the duration. */
  column: RecordColumn<T>;
  /** Reads a record with its relations for the form. */
  readDetail: (documentId: string) => Promise<D>;
  /** Said when that read fails without a message of the server's. */
  readFailedText?: string;
  /** More row actions, between Edit and Delete. */
  moreActions?: (row: T) => ReactNode;
  deleteOne: (documentId: string) => Promise<unknown>;
  /** Publishes a draft; a refusal's message (what is missing) is shown as the server says it. */
  publishOne: (documentId: string) => Promise<unknown>;
  /** Ends the window now. */
  closeOne: (documentId: string) => Promise<unknown>;
  /** The form, loaded lazily (a Suspense is around it). */
  form: (slot: WorkFormSlot<D>) => ReactNode;
  /** More dialogs of the list. */
  children?: ReactNode;
}

export function WorkList<T extends WorkListed, D>(props: WorkListProps<T, D>) {
  const { noun, title, args, list, pageSize, nameOf, hrefOf, durationOf, column } = props;
  const { readDetail, readFailedText, moreActions, deleteOne, form, children } = props;
  const { publishOne, closeOne } = props;
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<D | 'new' | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [closing, setClosing] = useState<T | null>(null);
  const [publishing, setPublishing] = useState<string | null>(null);
  const Noun = capitalised(noun);
  const records = recordsOf(list, null);
  const error = list.isError
    ? queryErrorMessage(list.error, `The ${noun}s could not be loaded.`)
    : null;

  const edit = async (row: T) => {
    setOpening(row.documentId);
    try {
      setEditing(await readDetail(row.documentId));
    } catch (failure) {
      dispatch(messageShown({ kind: 'error', text: errorMessage(failure, readFailedText) }));
    } finally {
      setOpening(null);
    }
  };

  const publish = async (row: T) => {
    setPublishing(row.documentId);
    try {
      await publishOne(row.documentId);
      dispatch(messageShown({ kind: 'success', text: `${Noun} published.` }));
    } catch (failure) {
      dispatch(messageShown({ kind: 'error', text: errorMessage(failure) }));
    } finally {
      setPublishing(null);
    }
  };

  const columns: RecordColumn<T>[] = [
    {
      header: 'Name',
      cell: (row) => (
        <Link
          component={RouterLink}
          to={hrefOf(row)}
          onClick={() => dispatch(selectionChanged({ key: noun, id: row.documentId }))}
        >
          {nameOf(row)}
        </Link>
      ),
    },
    { header: 'Status', cell: (row) => <WorkStatusChip status={row.status} /> },
    { header: 'Category', cell: categoryChain },
    { header: 'Course', cell: (row) => row.course?.course_name ?? '—' },
    { header: 'Duration', cell: (row) => durationText(durationOf(row)) },
    column,
    { header: 'Maximum marks', cell: (row) => row.MaximumMarks ?? '—', align: 'right' },
  ];

  return (
    <PageContainer
      title={title}
      actions={
        <Button variant="contained" onClick={() => setEditing('new')}>
          {`New ${noun}`}
        </Button>
      }
    >
      <TestCategoryFilter scope={args.scope} onChange={() => args.setPage(1)} />
      <WorkListFilters filters={args.filters} noun={noun} />
      {error ? <LoadError message={error} onRetry={() => void list.refetch()} /> : null}
      <RecordTable
        name={`${Noun}s`}
        // The spinner shows whenever nothing is listed, as before any answer.
        records={{ ...records, hasData: records.rows.length > 0 }}
        columns={columns}
        rowKey={(row) => row.documentId}
        actions={(row) => (
          <>
            <EditButton
              name={`${noun} ${nameOf(row)}`}
              disabled={opening === row.documentId}
              onClick={() => void edit(row)}
            />
            {row.status === 'draft' ? (
              <Button
                size="small"
                disabled={publishing === row.documentId}
                onClick={() => void publish(row)}
                aria-label={`Publish ${noun} ${nameOf(row)}`}
              >
                Publish
              </Button>
            ) : null}
            {(row.status ?? 'published') === 'published' ? (
              <Button
                size="small"
                onClick={() => setClosing(row)}
                aria-label={`Close ${noun} ${nameOf(row)}`}
              >
                Close
              </Button>
            ) : null}
            {moreActions?.(row)}
            <DeleteButton name={`${noun} ${nameOf(row)}`} onClick={() => setDeleting(row)} />
          </>
        )}
        empty={
          args.filtered
            ? {
                title: `No ${noun} matches`,
                description: 'Choose another category or change the filters.',
              }
            : {
                title: `No ${noun}s yet`,
                description: `Create ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} with New ${noun}.`,
              }
        }
        page={args.page}
        pageSize={pageSize}
        onPage={args.setPage}
      />
      {editing ? (
        <Suspense fallback={null}>
          {form({
            record: editing === 'new' ? null : editing,
            onClose: () => setEditing(null),
            onSaved: () => {
              const text = editing === 'new' ? `${Noun} created.` : `${Noun} saved.`;
              dispatch(messageShown({ kind: 'success', text }));
              // The save refreshes every list (its tag); a new one shows on page 1.
              if (editing === 'new') args.setPage(1);
            },
          })}
        </Suspense>
      ) : null}
      {children}
      <ConfirmDialog
        open={closing !== null}
        title={`Close ${noun}?`}
        message={
          <Box component="span">
            "{closing ? nameOf(closing) : ''}" closes now: learners can no longer start it, and
            attempts in progress end now with the answers they have.
          </Box>
        }
        confirmLabel="Close now"
        destructive
        onClose={() => setClosing(null)}
        onConfirm={async () => {
          if (!closing) return;
          await closeOne(closing.documentId);
          dispatch(messageShown({ kind: 'success', text: `${Noun} closed.` }));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${noun}?`}
        message={
          <Box component="span">
            "{deleting ? nameOf(deleting) : ''}" will be deleted. This cannot be undone.
          </Box>
        }
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteOne(deleting.documentId);
          dispatch(messageShown({ kind: 'success', text: `${Noun} deleted.` }));
        }}
      />
    </PageContainer>
  );
}
