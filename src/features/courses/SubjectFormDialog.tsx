import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../app/hooks';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import type { Subject } from './courseTypes';
import { saveSubject } from './subjectsSlice';

interface SubjectFormDialogProps {
  subject?: Subject | null;
  onSaved: (subject: Subject) => void;
  onClose: () => void;
}

export function SubjectFormDialog({ subject, onSaved, onClose }: SubjectFormDialogProps) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(subject?.SubjectName ?? '');
  const [code, setCode] = useState(subject?.subject_code ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameProblem = name.trim() ? null : 'Enter the subject name.';

  const save = async () => {
    setTouched(true);
    if (nameProblem) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await dispatch(
        saveSubject({
          documentId: subject?.documentId,
          payload: { SubjectName: name.trim(), subject_code: code.trim() },
        }),
      ).unwrap();
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="subject-form-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="subject-form-title">{subject ? 'Edit subject' : 'New subject'}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="subject-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextInput
            label="Subject name"
            value={name}
            onChange={setName}
            required
            autoFocus
            error={touched && nameProblem !== null}
            helperText={touched ? nameProblem : null}
          />
          <TextInput label="Subject code" value={code} onChange={setCode} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form="subject-form" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : 'Save subject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
