// /testSubCategory2 (staff): second-level test sub-categories, newest first, optionally under one
// sub-category; create, and delete (the server unlinks its tests from their course).
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useAppDispatch } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { optionsOf } from '../../store/queryState';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { messageShown } from '../../store/uiSlice';
import {
  useCreateSubCategory2Mutation,
  useDeleteSubCategory2Mutation,
  useSubCategory2ListQuery,
  useTestCountInSubCategory2Query,
  useTestSubCategoryOptionsQuery,
} from './testsEndpoints';
import { SUB_CATEGORY_2_PAGE_SIZE } from './testsUrls';
import type { TestSubCategory, TestSubCategory2 } from './testTypes';
import { PageControls } from '../../components/data/PageControls';

function NewSubCategory2Dialog({
  subCategories,
  initialParent,
  onSaved,
  onClose,
}: {
  subCategories: readonly TestSubCategory[];
  initialParent: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [createSubCategory2] = useCreateSubCategory2Mutation();
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [parent, setParent] = useState(initialParent);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameProblem = name.trim() ? null : 'Enter the name.';
  const parentProblem = parent ? null : 'Choose the sub-category it belongs to.';

  const save = async () => {
    setTouched(true);
    if (nameProblem || parentProblem) return;
    setSaving(true);
    setError(null);
    try {
      await createSubCategory2({
        test_sub_category_2: name.trim(),
        type: type.trim(),
        test_sub_category: parent,
      }).unwrap();
      onSaved();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title="New second sub-category"
      submitLabel="Save"
      saving={saving}
      error={error}
      maxWidth="xs"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={touched ? nameProblem : null}
      />
      <TextInput label="Type" value={type} onChange={setType} />
      <SelectInput
        label="Parent sub-category"
        value={parent}
        onChange={setParent}
        emptyLabel="Choose…"
        required
        choices={subCategories.map((item) => ({
          value: item.documentId,
          label: item.TestSubCategory,
        }))}
        error={touched && parentProblem !== null}
        helperText={touched ? parentProblem : null}
      />
    </FormDialog>
  );
}

export function TestSubCategory2Page() {
  const dispatch = useAppDispatch();
  const subCategories = optionsOf(useTestSubCategoryOptionsQuery());
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TestSubCategory2 | null>(null);
  const list = useSubCategory2ListQuery({ page, subCategoryId: filter || null });
  const [removeSubCategory2] = useDeleteSubCategory2Mutation();
  // How many tests the one to delete holds; unknown (null) while asked or when the ask fails.
  const count = useTestCountInSubCategory2Query(deleting?.documentId ?? skipToken);
  const testCount = count.isError ? null : (count.currentData ?? null);

  const items = list.data?.data ?? [];
  const pagination = list.data?.meta.pagination ?? null;
  const loading = list.isFetching;
  const error = list.isError
    ? queryErrorMessage(list.error, 'The second-level sub-categories could not be loaded.')
    : null;
  const reload = () => void list.refetch();

  return (
    <PageContainer
      title="Second-level sub-categories"
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          New second sub-category
        </Button>
      }
    >
      <Box sx={{ maxWidth: 360, mb: 2 }}>
        <SelectInput
          label="Sub-category"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          emptyLabel="All sub-categories"
          choices={subCategories.items.map((item) => ({
            value: item.documentId,
            label: item.TestSubCategory,
          }))}
          helperText={subCategories.error ?? undefined}
          error={Boolean(subCategories.error)}
        />
      </Box>
      {error ? <LoadError message={error} onRetry={reload} /> : null}
      {loading && items.length === 0 ? (
        <Spinner label="Loading second-level sub-categories" />
      ) : null}
      {list.isSuccess && !loading && items.length === 0 ? (
        <EmptyState
          title="No second-level sub-categories yet"
          description="Create one with New second sub-category."
        />
      ) : null}
      {items.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          <TableContainer>
            <Table aria-label="Second-level sub-categories" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Sub-category</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.documentId} hover>
                    <TableCell>{item.test_sub_category_2}</TableCell>
                    <TableCell>{item.type || '—'}</TableCell>
                    <TableCell>{item.test_sub_category?.TestSubCategory ?? '—'}</TableCell>
                    <TableCell>{formatDateTime(item.createdAt)}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(item)}
                        aria-label={`Delete ${item.test_sub_category_2}`}
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={pagination?.total ?? items.length}
            page={page}
            pageSize={SUB_CATEGORY_2_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
      {creating ? (
        <NewSubCategory2Dialog
          subCategories={subCategories.items}
          initialParent={filter}
          onClose={() => setCreating(false)}
          onSaved={() => {
            // The save refreshes the list (its tag); the new one shows on page 1.
            dispatch(messageShown({ kind: 'success', text: 'Second sub-category created.' }));
            setPage(1);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete second sub-category?"
        message={
          <>
            "{deleting?.test_sub_category_2 ?? ''}" will be deleted.{' '}
            {testCount === null
              ? 'Its tests will be unlinked from their course.'
              : `Its ${testCount} test(s) will be unlinked from their course.`}
          </>
        }
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await removeSubCategory2(deleting.documentId).unwrap();
          dispatch(messageShown({ kind: 'success', text: 'Second sub-category deleted.' }));
        }}
      />
    </PageContainer>
  );
}
