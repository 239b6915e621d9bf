// /testSubCategory2 (staff): second-level test sub-categories, newest first, optionally under one
// sub-category; create, and delete (the server unlinks its tests from their course).
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAppDispatch } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { optionsOf } from '../../store/queryState';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { LoadError } from '../../components/feedback/LoadError';
import { DeleteButton } from '../../components/data/EditDeleteButtons';
import { RecordTable, recordsOf, type RecordColumn } from '../../components/data/RecordTable';
import { FormDialog } from '../../components/form/FormDialog';
import { RequiredTextInput, useRequiredText } from '../../components/form/RequiredTextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
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
  const name = useRequiredText('', 'Enter the name.');
  const [type, setType] = useState('');
  const [parent, setParent] = useState(initialParent);
  const form = useFormSubmit(onClose);
  const parentProblem = parent ? null : 'Choose the sub-category it belongs to.';

  const save = () =>
    form.submit(name.problem !== null || parentProblem !== null, async () => {
      await createSubCategory2({
        test_sub_category_2: name.trimmed,
        type: type.trim(),
        test_sub_category: parent,
      }).unwrap();
      onSaved();
    });

  return (
    <FormDialog
      {...form.dialog}
      title="New second sub-category"
      submitLabel="Save"
      maxWidth="xs"
      onSubmit={save}
    >
      <RequiredTextInput label="Name" field={name} shown={form.shown} />
      <TextInput label="Type" value={type} onChange={setType} />
      <SelectInput
        label="Parent sub-category"
        value={parent}
        onChange={setParent}
        emptyLabel="Choose…"
        required
        choices={choicesOf(subCategories, (item) => item.TestSubCategory)}
        error={form.shown(parentProblem) !== null}
        helperText={form.shown(parentProblem)}
      />
    </FormDialog>
  );
}

const COLUMNS: RecordColumn<TestSubCategory2>[] = [
  { header: 'Name', cell: (item) => item.test_sub_category_2 },
  { header: 'Type', cell: (item) => item.type || '—' },
  { header: 'Sub-category', cell: (item) => item.test_sub_category?.TestSubCategory ?? '—' },
  { header: 'Created', cell: (item) => formatDateTime(item.createdAt) },
];

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
          choices={choicesOf(subCategories.items, (item) => item.TestSubCategory)}
          helperText={subCategories.error ?? undefined}
          error={Boolean(subCategories.error)}
        />
      </Box>
      {error ? <LoadError message={error} onRetry={reload} /> : null}
      <RecordTable
        name="Second-level sub-categories"
        records={recordsOf(list, null)}
        columns={COLUMNS}
        rowKey={(item) => item.documentId}
        actions={(item) => (
          <DeleteButton name={item.test_sub_category_2} onClick={() => setDeleting(item)} />
        )}
        empty={{
          title: 'No second-level sub-categories yet',
          description: 'Create one with New second sub-category.',
        }}
        page={page}
        pageSize={SUB_CATEGORY_2_PAGE_SIZE}
        onPage={setPage}
      />
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
