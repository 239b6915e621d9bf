// /users (admins): user accounts paged and searched on the server (username, email, role label);
// create, edit, block and unblock, import from the template, avatar upload in the edit dialog.
import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useAppDispatch } from '../../store/hooks';
import { PageControls } from '../../components/data/PageControls';
import { queryErrorMessage } from '../../store/api';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
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

export function UsersPage() {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'new' | 'import' | UserAccount | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useUsersPageQuery({ search, page });
  const [updateUser] = useUpdateUserMutation();
  const loading = list.isFetching;
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The users could not be loaded.')
    : null;
  const users = list.data?.data ?? [];
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
      {loadError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      ) : null}
      {loading && !list.data ? <Spinner label="Loading users" /> : null}
      {list.isSuccess && !loading && users.length === 0 ? (
        <EmptyState title="No user matches" description="Try another search." />
      ) : null}
      {users.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading users" /> : null}
          <TableContainer>
            <Table aria-label="Users" size="small">
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell>Username</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Role label</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.map((account) => (
                  <TableRow key={account.id} hover>
                    <TableCell>
                      <Avatar
                        src={account.avatar?.url ?? undefined}
                        alt=""
                        sx={{ width: 28, height: 28 }}
                      >
                        {account.username.charAt(0).toUpperCase()}
                      </Avatar>
                    </TableCell>
                    <TableCell>{account.username}</TableCell>
                    <TableCell>{account.email}</TableCell>
                    <TableCell>{account.role?.name ?? '—'}</TableCell>
                    <TableCell>{account.UserRole ?? '—'}</TableCell>
                    <TableCell>{account.blocked ? 'Blocked' : 'Active'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={list.data?.meta.pagination?.total ?? users.length}
            page={page}
            pageSize={USERS_PAGE_SIZE}
            onPage={setPage}
          />
        </Paper>
      ) : null}
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
