// Create or edit a user account: username, email, password (optional: without it the person
// gets an email to set one), role from the roles list, the role label; the avatar when editing.
import { useState, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PersonFormDialog } from '../../components/form/PersonFormDialog';
import type { Problems } from '../../components/form/RecordFormDialog';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { optionsOf } from '../../store/queryState';
import {
  useCreateUserMutation,
  useUserRolesQuery,
  useUpdateUserMutation,
  useUploadAvatarMutation,
} from './usersEndpoints';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type UserAccount, type UserPayload } from './usersUrls';

interface UserFormDialogProps {
  account: UserAccount | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function AvatarField({ account }: { account: UserAccount }) {
  const [url, setUrl] = useState(account.avatar?.url ?? null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploadAvatar] = useUploadAvatarMutation();

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      setError('Choose a PNG, JPEG or WebP image.');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError('The image must be 5 MB or smaller.');
      return;
    }
    setError(null);
    setPercent(0);
    try {
      const saved = await uploadAvatar({
        id: account.id,
        file,
        onProgress: setPercent,
      }).unwrap();
      setUrl(saved.avatar?.url ?? null);
    } catch (failure) {
      setError(errorMessage(failure, 'The avatar could not be uploaded.'));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar src={url ?? undefined} alt={`Avatar of ${account.username}`}>
        {account.username.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flexGrow: 1 }}>
        <Button component="label" variant="outlined" size="small" disabled={percent !== null}>
          Upload avatar
          <input
            type="file"
            hidden
            accept={AVATAR_TYPES.join(',')}
            aria-label="Avatar"
            onChange={(event) => void onPick(event)}
          />
        </Button>
        {percent !== null ? (
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Uploading avatar"
            sx={{ mt: 1 }}
          />
        ) : null}
        {error ? (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

export function UserFormDialog({ account, onClose, onSaved }: UserFormDialogProps) {
  const [contact, setContact] = useState({
    name: account?.username ?? '',
    email: account?.email ?? '',
    mobile: '',
  });
  const [password, setPassword] = useState('');
  const [roleId, setRoleId] = useState(account?.role ? String(account.role.id) : '');
  const [label, setLabel] = useState(account?.UserRole ?? '');
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const roles = optionsOf(useUserRolesQuery());

  const problems: Problems = {};
  if (!roleId) problems.role = 'Choose a role.';
  if (!account && password && password.length < 8)
    problems.password = 'Password must be at least 8 characters.';

  const save = async () => {
    const payload: UserPayload = {
      username: contact.name.trim(),
      email: contact.email.trim(),
      role: Number(roleId),
    };
    if (label.trim()) payload.UserRole = label.trim();
    if (account) {
      await updateUser({ id: account.id, changes: payload }).unwrap();
      onSaved('User saved.');
    } else {
      if (password) payload.password = password;
      onSaved(await createUser(payload).unwrap());
    }
  };

  return (
    <PersonFormDialog
      noun="user"
      editing={account !== null}
      header={account ? <AvatarField account={account} /> : null}
      contact={{
        values: contact,
        onChange: setContact,
        nameLabel: 'Username',
        nameMissing: 'Username is required.',
        withMobile: false,
      }}
      problems={problems}
      failureText="The user could not be saved."
      save={save}
      onClose={onClose}
    >
      {(shown) => (
        <>
          {account ? null : (
            <TextInput
              label="Password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={Boolean(shown.password)}
              helperText={
                shown.password ??
                'Optional. Leave it empty and the user gets an email to set their own password.'
              }
            />
          )}
          <SelectInput
            label="Role"
            value={roleId}
            onChange={setRoleId}
            choices={roles.items.map((role) => ({ value: String(role.id), label: role.name }))}
            emptyLabel="Choose a role"
            required
            error={Boolean(shown.role || roles.error)}
            helperText={shown.role ?? roles.error ?? undefined}
          />
          <TextInput
            label="User role label"
            value={label}
            onChange={setLabel}
            helperText='Shown with the name, e.g. "Student", "Faculty", "Admin".'
          />
        </>
      )}
    </PersonFormDialog>
  );
}
