// Settings for everyone (issue 24): their own name and mobile number, and their picture. The email
// is the sign-in name and is changed by staff. What was typed stays when the server refuses it.
import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { UploadProgress } from '../../components/feedback/UploadProgress';
import { AvatarCropDialog } from './AvatarCropDialog';
import { SettingsForm, useSettingsDraft } from '../../components/form/SettingsForm';
import { TextInput } from '../../components/form/TextInput';
import { SettingsCard } from '../../components/layout/SettingsCard';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import {
  type Profile,
  useProfileQuery,
  useUpdateAvatarMutation,
  useUpdateProfileMutation,
} from './profileEndpoints';

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
// The chosen picture before its crop; the cropped square sent is far smaller (cropImage.ts).
const AVATAR_MAX = 20 * 1024 * 1024;

export function ProfileCard() {
  const query = useProfileQuery();
  const [sendAvatar] = useUpdateAvatarMutation();
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [avatarProblem, setAvatarProblem] = useState<string | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const profile = query.data;
  if (query.error && !profile) {
    return (
      <LoadError
        message={queryErrorMessage(query.error, 'Your profile could not be loaded.') ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!profile) return <Spinner label="Loading your profile" />;
  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type) || file.size > AVATAR_MAX) {
      setAvatarProblem('The picture must be a PNG, JPEG or WebP image of at most 20 MB.');
      return;
    }
    setAvatarProblem(null);
    setCropping(file);
  };
  const uploadAvatar = async (file: File) => {
    setCropping(null);
    setUpload({ name: file.name, percent: 0 });
    try {
      await sendAvatar({
        file,
        onProgress: (percent) => setUpload({ name: file.name, percent }),
      }).unwrap();
    } catch (failure) {
      setAvatarProblem(errorMessage(failure, 'The picture could not be uploaded.'));
    } finally {
      setUpload(null);
    }
  };
  return (
    <SettingsCard headingId="profile-title" title="Profile">
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Avatar src={profile.avatarUrl ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
          {profile.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <input
          ref={input}
          type="file"
          hidden
          accept={AVATAR_TYPES.join(',')}
          aria-label="Choose your picture"
          onChange={chooseAvatar}
        />
        <Button
          variant="outlined"
          disabled={upload !== null}
          onClick={() => input.current?.click()}
        >
          Change picture
        </Button>
        <Typography variant="body2" color="text.secondary">
          PNG, JPEG or WebP, at most 20 MB; you crop it before it is sent.
        </Typography>
      </Stack>
      {cropping ? (
        <AvatarCropDialog
          file={cropping}
          onCropped={(file) => void uploadAvatar(file)}
          onClose={() => setCropping(null)}
        />
      ) : null}
      {upload ? <UploadProgress name={upload.name} percent={upload.percent} /> : null}
      {avatarProblem ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {avatarProblem}
        </Alert>
      ) : null}
      <ProfileForm profile={profile} />
    </SettingsCard>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [update, saving] = useUpdateProfileMutation();
  const { dirty, saved, bind, save } = useSettingsDraft({
    name: profile.name,
    mobile: profile.mobile ?? '',
  });
  return (
    <SettingsForm
      onSubmit={() =>
        void save(({ name, mobile }) =>
          update(profile.hasMobile ? { name, mobile } : { name }).unwrap(),
        )
      }
      saving={saving.isLoading}
      dirty={dirty}
      saved={saved}
      saveError={queryErrorMessage(saving.error, 'Your profile could not be saved.')}
      savedMessage="Your profile is saved."
      saveLabel="Save profile"
    >
      <TextInput
        label={profile.role === 'administrator' ? 'Username' : 'Name'}
        {...bind('name')}
        required
      />
      {profile.hasMobile ? (
        <TextInput label="Mobile number" type="tel" {...bind('mobile')} />
      ) : null}
      <Typography variant="body2" sx={{ alignSelf: 'center' }}>
        Email (your sign-in name; ask your institute to change it): {profile.email}
      </Typography>
    </SettingsForm>
  );
}
