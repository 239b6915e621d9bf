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
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useSearchTerm, withChosen } from '../../components/form/refPickerHelpers';
import { errorMessage } from '../../lib/strapi';
import { useBatchSearchQuery } from '../batches';
import { MultiRefPicker } from '../courses';
import { optionsOf, type Options } from '../../store/queryState';
import { useCourseSearchQuery } from '../test-authoring';
import type {
  Faculty,
  FacultyPayload,
  LinkedBatch,
  LinkedCourse,
  LinkedSubject,
} from './facultiesUrls';

type WithId<T> = T & { id: number };

function withIds<T extends { id?: number }>(items: readonly T[] | null | undefined): WithId<T>[] {
  return (items ?? []).map((item, index) => ({ ...item, id: item.id ?? -(index + 1) }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A picker's options with an id on every item (the picker keys its chips by id). */
function withIdOptions<T extends { id?: number }>(options: Options<T>): Options<WithId<T>> {
  return { ...options, items: withIds(options.items) };
}

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
  const [name, setName] = useState(faculty?.FacultyName ?? '');
  const [email, setEmail] = useState(faculty?.faculty_email_id ?? '');
  const [mobile, setMobile] = useState(faculty?.faculty_mobile_number ?? '');
  const [address, setAddress] = useState(faculty?.faculty_address ?? '');
  const [joined, setJoined] = useState(faculty?.faculty_joining_date?.slice(0, 10) ?? '');
  const [batches, setBatches] = useState(withIds<LinkedBatch>(faculty?.batches));
  const [courses, setCourses] = useState(withIds<LinkedCourse>(faculty?.courses));
  const [subjects, setSubjects] = useState(withIds<LinkedSubject>(faculty?.subjects));
  const [batchText, setBatchText] = useState('');
  const [courseText, setCourseText] = useState('');
  const [subjectText, setSubjectText] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createFaculty] = useCreateFacultyMutation();
  const [updateFaculty] = useUpdateFacultyMutation();
  const batchSearch = useSearchTerm(batchText, true);
  const courseSearch = useSearchTerm(courseText, true);
  const subjectSearch = useSearchTerm(subjectText, true);
  const foundBatches = optionsOf(useBatchSearchQuery(batchSearch.term, { skip: batchSearch.skip }));
  const batchOptions = withIdOptions<LinkedBatch>({
    ...foundBatches,
    items: foundBatches.items.map(({ documentId, Batch }) => ({ documentId, Batch })),
  });
  const courseOptions = withIdOptions<LinkedCourse>(
    optionsOf(useCourseSearchQuery(courseSearch.term, { skip: courseSearch.skip })),
  );
  const subjectOptions = withIdOptions(
    optionsOf(useFacultySubjectSearchQuery(subjectSearch.term, { skip: subjectSearch.skip })),
  );

  const problems: Record<string, string> = {};
  if (!name.trim()) problems.name = 'Name is required.';
  if (!EMAIL.test(email.trim())) problems.email = 'A valid email is required.';
  const digits = mobile.replace(/\s+/g, '').replace(/^\+91/, '');
  if (mobile.trim() && !/^\d{10}$/.test(digits))
    problems.mobile = 'The mobile number must be 10 digits.';
  const shown = touched ? problems : {};

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    const payload: FacultyPayload = {
      FacultyName: name.trim(),
      faculty_email_id: email.trim(),
      batches: batches.map((item) => item.documentId),
      courses: courses.map((item) => item.documentId),
      subjects: subjects.map((item) => item.documentId),
    };
    if (mobile.trim()) payload.faculty_mobile_number = mobile.trim();
    if (address.trim()) payload.faculty_address = address.trim();
    if (joined) payload.faculty_joining_date = joined;
    setSaving(true);
    setError(null);
    try {
      if (faculty) await updateFaculty({ documentId: faculty.documentId, payload }).unwrap();
      else await createFaculty(payload).unwrap();
      onSaved();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The faculty member could not be saved.'));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={faculty ? 'Edit faculty' : 'New faculty'}
      submitLabel="Save faculty"
      saving={saving}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={shown.name}
      />
      <TextInput
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        required
        problem={shown.email}
        helperText={'The faculty member signs in with this email.'}
      />
      <TextInput
        label="Mobile number"
        type="tel"
        value={mobile}
        onChange={setMobile}
        problem={shown.mobile}
      />
      <TextInput label="Address" value={address} onChange={setAddress} multiline minRows={2} />
      <DateInput label="Joining date" value={joined} onChange={setJoined} />
      <MultiRefPicker<WithId<LinkedBatch>>
        label="Batches"
        options={withChosen(batches, batchOptions.items)}
        loading={batchOptions.status === 'loading'}
        error={batchOptions.error}
        labelOf={(item) => item.Batch}
        value={batches}
        onChange={setBatches}
        onSearch={setBatchText}
      />
      <MultiRefPicker<WithId<LinkedCourse>>
        label="Courses"
        options={withChosen(courses, courseOptions.items)}
        loading={courseOptions.status === 'loading'}
        error={courseOptions.error}
        labelOf={(item) => item.course_name}
        value={courses}
        onChange={setCourses}
        onSearch={setCourseText}
      />
      <MultiRefPicker<WithId<LinkedSubject>>
        label="Subjects"
        options={withChosen(subjects, subjectOptions.items)}
        loading={subjectOptions.status === 'loading'}
        error={subjectOptions.error}
        labelOf={(item) => item.SubjectName}
        value={subjects}
        onChange={setSubjects}
        onSearch={setSubjectText}
      />
      {faculty ? <FacultyUsers faculty={faculty} /> : null}
    </FormDialog>
  );
}
