// /users (admins): user accounts paged and searched on the server (username, email, role label);
// create, edit, block and unblock, import from the template, avatar upload in the edit dialog.
import { lazy, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import { useAppDispatch } from '../../store/hooks';
import { RecordListPage } from '../../components/data/RecordListPage';
import type { RecordColumn } from '../../components/data/RecordTable';
import { useListSearch } from '../../components/data/useListSearch';
import { errorMessage } from '../../lib/strapi';
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
  const search = useListSearch();
  const [busy, setBusy] = useState<number | null>(null);
  const list = useUsersPageQuery({ search: search.search, page: search.page });
  const [updateUser] = useUpdateUserMutation();
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
    <RecordListPage
      title="Users"
      query={list}
      search={search}
      searchHelp="Username, email or role label"
      columns={COLUMNS}
      rowKey={(account) => account.id}
      noun="user"
      nameOf={(account) => account.username}
      empty={{ title: 'No user matches', description: 'Try another search.' }}
      pageSize={USERS_PAGE_SIZE}
      form={(account, close) => (
        <UserFormDialog
          account={account}
          onClose={close}
          onSaved={(text) => say('success', text)}
        />
      )}
      sheetImport={{
        templateUrl: USERS_TEMPLATE_URL,
        endpoint: usersUrls.bulk,
        fallbackMessage: usersImportMessage,
      }}
      rowActions={(account, { edit }) => (
        <>
          {edit}
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
    />
  );
}
