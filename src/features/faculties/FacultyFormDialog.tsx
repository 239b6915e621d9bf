// Create or edit a faculty member: contact details, joining date, and the batches, courses and
// subjects they teach (found by a server search). Editing also shows their user accounts.
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryErrorMessage } from '../../store/api';
import {
  useCreateFacultyMutation,
  useFacultyUsersQuery,
  useFacultySubjectSearchQuery,
  useUpdateFacultyMutation,
} from './facultiesEndpoints';
import { DateInput } from '../../components/form/DateInput';
import { PersonFormDialog } from '../../components/form/PersonFormDialog';
import { TextInput } from '../../components/form/TextInput';
import { documentIds } from '../../components/form/refPickerHelpers';
import { useSearchedPicker } from '../../components/form/useSearchedPicker';
import { useBatchSearchQuery } from '../batches';
import { MultiRefPicker } from '../courses';
import { useCourseSearchQuery } from '../test-authoring';
import type { Faculty, FacultyPayload, LinkedBatch, LinkedCourse } from './facultiesUrls';

function FacultyUsers({ faculty }: { faculty: Faculty }) {
  const remote = useFacultyUsersQuery(faculty.documentId);
  if (remote.isError) {
    return (
      <Typography color="error">
        {queryErrorMessage(remote.error, 'The users could not be loaded.')}
      </Typography>
    );
  }
  const users = remote.data ?? [];
  return (
    <Box component="section" aria-label={`Users of ${faculty.FacultyName}`}>
      <Typography variant="subtitle2">User accounts</Typography>
      {remote.data && users.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No user account.
        </Typography>
      ) : null}
      <Stack spacing={1} sx={{ mt: 1 }}>
        {users.map((user) => (
          <Box key={user.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Avatar src={user.avatar?.url ?? undefined} alt={`Avatar of ${user.username}`}>
              {user.username.charAt(0).toUpperCase()}
            </Avatar>
            <Typography variant="body2">
              {user.username} ({user.email})
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

interface FacultyFormDialogProps {
  faculty: Faculty | null;
  onClose: () => void;
  onSaved: () => void;
}

export function FacultyFormDialog({ faculty, onClose, onSaved }: FacultyFormDialogProps) {
  const [contact, setContact] = useState({
    name: faculty?.FacultyName ?? '',
    email: faculty?.faculty_email_id ?? '',
    mobile: faculty?.faculty_mobile_number ?? '',
  });
  const [address, setAddress] = useState(faculty?.faculty_address ?? '');
  const [joined, setJoined] = useState(faculty?.faculty_joining_date?.slice(0, 10) ?? '');
  const batches = useSearchedPicker<LinkedBatch>(faculty?.batches, useBatchSearchQuery);
  const courses = useSearchedPicker<LinkedCourse>(faculty?.courses, useCourseSearchQuery);
  const subjects = useSearchedPicker(faculty?.subjects, useFacultySubjectSearchQuery);
  const [createFaculty] = useCreateFacultyMutation();
  const [updateFaculty] = useUpdateFacultyMutation();

  const save = async () => {
    const payload: FacultyPayload = {
      FacultyName: contact.name.trim(),
      faculty_email_id: contact.email.trim(),
      batches: documentIds(batches.value),
      courses: documentIds(courses.value),
      subjects: documentIds(subjects.value),
    };
    if (contact.mobile.trim()) payload.faculty_mobile_number = contact.mobile.trim();
    if (address.trim()) payload.faculty_address = address.trim();
    if (joined) payload.faculty_joining_date = joined;
    if (faculty) await updateFaculty({ documentId: faculty.documentId, payload }).unwrap();
    else await createFaculty(payload).unwrap();
    onSaved();
  };

  return (
    <PersonFormDialog
      noun="faculty"
      editing={faculty !== null}
      contact={{
        values: contact,
        onChange: setContact,
        emailHelp: 'The faculty member signs in with this email.',
      }}
      failureText="The faculty member could not be saved."
      save={save}
      onClose={onClose}
    >
      {() => (
        <>
          <TextInput label="Address" value={address} onChange={setAddress} multiline minRows={2} />
          <DateInput label="Joining date" value={joined} onChange={setJoined} />
          <MultiRefPicker label="Batches" {...batches} labelOf={(item) => item.Batch} />
          <MultiRefPicker label="Courses" {...courses} labelOf={(item) => item.course_name} />
          <MultiRefPicker label="Subjects" {...subjects} labelOf={(item) => item.SubjectName} />
          {faculty ? <FacultyUsers faculty={faculty} /> : null}
        </>
      )}
    </PersonFormDialog>
  );
}
