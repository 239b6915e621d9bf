// /users (admins): user accounts paged and searched on the server (username, email, role label);
// create, edit, block and unblock, import from the template, avatar upload in the edit dialog.
import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { RecordTable, recordsOf, type RecordColumn } from '../../components/data/RecordTable';
import { errorMessage } from '../../lib/strapi';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { messageShown } from '../../store/uiSlice';
import {
  usersImportMessage,
  usersUrls,
  USERS_PAGE_SIZE,
  USERS_TEMPLATE_URL,
  type UserAccount,
} from './usersUrls';
import { useUpdateUserMutation, useUsersPageQuery } from './usersEndpoints';

const UserFormDialog = lazy(() =>
  import('./UserFormDialog').then((module) => ({ default: module.UserFormDialog })),
);
const SpreadsheetImportDialog = lazy(() =>
  import('../../components/data/SpreadsheetImportDialog').then((module) => ({
    default: module.SpreadsheetImportDialog,
  })),
);

const COLUMNS: RecordColumn<UserAccount>[] = [
  {
    header: null,
    cell: (account) => (
      <Avatar src={account.avatar?.url ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
        {account.username.charAt(0).toUpperCase()}
      </Avatar>
    ),
  },
  { header: 'Username', cell: (account) => account.username },
  { header: 'Email', cell: (account) => account.email },
  { header: 'Role', cell: (account) => account.role?.name ?? '—' },
  { header: 'Role label', cell: (account) => account.UserRole ?? '—' },
  { header: 'Status', cell: (account) => (account.blocked ? 'Blocked' : 'Active') },
];

export function UsersPage() {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'new' | 'import' | UserAccount | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useUsersPageQuery({ search, page });
  const [updateUser] = useUpdateUserMutation();
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The users could not be loaded.')
    : null;
  const reload = () => void list.refetch();
  const say = (kind: 'success' | 'error', text: string) => dispatch(messageShown({ kind, text }));

  const setBlocked = async (account: UserAccount, blocked: boolean) => {
    setBusy(account.id);
    try {
      await updateUser({ id: account.id, changes: { blocked } }).unwrap();
      say('success', blocked ? `${account.username} blocked.` : `${account.username} unblocked.`);
    } catch (failure) {
      say('error', errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageContainer
      title="Users"
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => setDialog('new')}>
            New user
          </Button>
          <Button variant="outlined" onClick={() => setDialog('import')}>
            Import users
          </Button>
        </Stack>
      }
    >
      <Stack sx={{ mb: 2 }}>
        <TextInput
          label="Search users"
          type="search"
          value={typed}
          onChange={(text) => {
            setTyped(text);
            setPage(1);
          }}
          helperText="Username, email or role label"
        />
      </Stack>
      <RecordTable
        name="Users"
        records={recordsOf(list, loadError)}
        columns={COLUMNS}
        rowKey={(account) => account.id}
        actions={(account) => (
          <>
            <Button
              size="small"
              onClick={() => setDialog(account)}
              aria-label={`Edit user ${account.username}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              color={account.blocked ? 'primary' : 'error'}
              disabled={busy === account.id}
              onClick={() => void setBlocked(account, !account.blocked)}
              aria-label={`${account.blocked ? 'Unblock' : 'Block'} ${account.username}`}
            >
              {account.blocked ? 'Unblock' : 'Block'}
            </Button>
          </>
        )}
        empty={{ title: 'No user matches', description: 'Try another search.' }}
        page={page}
        pageSize={USERS_PAGE_SIZE}
        onPage={setPage}
      />
      <Suspense fallback={null}>
        {dialog === 'new' || (dialog !== null && typeof dialog === 'object') ? (
          <UserFormDialog
            account={dialog === 'new' ? null : dialog}
            onClose={() => setDialog(null)}
            onSaved={(text) => {
              say('success', text);
            }}
          />
        ) : null}
        {dialog === 'import' ? (
          <SpreadsheetImportDialog
            title="Import users"
            fileLabel="Users spreadsheet"
            templateUrl={USERS_TEMPLATE_URL}
            skippedLabel="Skipped users"
            endpoint={usersUrls.bulk}
            fallbackMessage={usersImportMessage}
            onImported={reload}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </PageContainer>
  );
}
