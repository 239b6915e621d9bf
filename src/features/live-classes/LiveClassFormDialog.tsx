// Schedule or edit a live class: name, course, batches (or public), the start in the viewer's
// time zone, duration, and the provider: Zoom (meeting number and passcode) or another service's
// join link; the recording link after the class. A failed save keeps everything typed.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { RecordFormDialog } from '../../components/form/RecordFormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useSearchTerm, withChosen } from '../../components/form/refPickerHelpers';
import { useSearchedPicker } from '../../components/form/useSearchedPicker';
import { mapOptions, optionsOf, pickerProps } from '../../store/queryState';
import { useBatchSearchQuery } from '../batches';
import { MultiRefPicker, SingleRefPicker } from '../courses';
import {
  useCreateLiveClassMutation,
  useLiveClassCourseChoicesQuery,
  useLiveClassesConfigQuery,
  useUpdateLiveClassMutation,
} from './liveClassesEndpoints';
import { initialValues, NOT_CONFIGURED, payloadOf, problemsOf } from './liveClassForm';
import type { LiveClassValues } from './liveClassForm';
import { viewerTimeZone } from './liveClassTime';
import type { LiveClass, LiveClassBatch, LiveClassCourse } from './liveClassesTypes';

type CourseOption = LiveClassCourse & { id: number };

const courseLabel = (course: CourseOption) => course.course_name;
const batchLabel = (batch: LiveClassBatch) => batch.Batch;
const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

function CoursePicker(props: {
  value: LiveClassCourse | null;
  onChange: (course: LiveClassCourse | null) => void;
}) {
  const [text, setText] = useState('');
  const search = useSearchTerm(text, true);
  const found = mapOptions(
    optionsOf(useLiveClassCourseChoicesQuery(search.term, { skip: search.skip })),
    (course, index): CourseOption => ({ ...course, id: index + 1 }),
  );
  const value = props.value ? { ...props.value, id: 0 } : null;
  return (
    <SingleRefPicker
      label="Course"
      {...pickerProps(found)}
      options={withChosen(value ? [value] : [], found.items)}
      value={value}
      onChange={(course) =>
        props.onChange(
          course ? { documentId: course.documentId, course_name: course.course_name } : null,
        )
      }
      onSearch={setText}
      labelOf={courseLabel}
    />
  );
}

interface LiveClassFormDialogProps {
  record: LiveClass | null;
  onClose: () => void;
  onSaved: (saved: LiveClass) => void;
}

export function LiveClassFormDialog({ record, onClose, onSaved }: LiveClassFormDialogProps) {
  const [values, setValues] = useState<LiveClassValues>(() => initialValues(record));
  const batches = useSearchedPicker<LiveClassBatch>(record?.batches, useBatchSearchQuery);
  const config = useLiveClassesConfigQuery();
  const [createLiveClass] = useCreateLiveClassMutation();
  const [updateLiveClass] = useUpdateLiveClassMutation();
  const set =
    <K extends keyof LiveClassValues>(key: K) =>
    (value: LiveClassValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const current: LiveClassValues = { ...values, batches: batches.value };
  const problems = problemsOf(current, record);
  const zoomOff = config.data?.zoomConfigured === false;
  const zone = viewerTimeZone();

  const save = async () => {
    const payload = payloadOf(current);
    onSaved(
      record
        ? await updateLiveClass({ documentId: record.documentId, payload }).unwrap()
        : await createLiveClass(payload).unwrap(),
    );
  };

  return (
    <RecordFormDialog
      noun="live class"
      editing={record !== null}
      problems={problems}
      failureText="The class could not be saved."
      save={save}
      onClose={onClose}
    >
      {(shown) => (
        <>
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={set('name')}
            problem={shown.name}
          />
          <CoursePicker value={values.course} onChange={set('course')} />
          <FormControlLabel
            control={
              <Switch checked={values.isPublic} onChange={(_event, on) => set('isPublic')(on)} />
            }
            label="Public (every signed-in learner may join)"
          />
          {values.isPublic ? null : (
            <MultiRefPicker label="Batches" {...batches} labelOf={batchLabel} />
          )}
          {shown.audience ? (
            <FormHelperText error sx={{ mt: -1 }}>
              {shown.audience}
            </FormHelperText>
          ) : null}
          <Box sx={twoColumns}>
            <TextInput
              label="Starts"
              type="datetime-local"
              required
              value={values.start}
              onChange={set('start')}
              problem={shown.start}
              helperText={zone ? `Your time zone: ${zone}` : undefined}
            />
            <TextInput
              label="Duration (minutes)"
              type="number"
              required
              value={values.duration}
              onChange={set('duration')}
              problem={shown.duration}
            />
          </Box>
          <FormControl>
            <FormLabel id="live-class-provider">Held over</FormLabel>
            <RadioGroup
              row
              aria-labelledby="live-class-provider"
              value={values.provider}
              onChange={(_event, value) => set('provider')(value === 'link' ? 'link' : 'zoom')}
            >
              <FormControlLabel value="zoom" control={<Radio />} label="Zoom (in the portal)" />
              <FormControlLabel
                value="link"
                control={<Radio />}
                label="Other service (join link)"
              />
            </RadioGroup>
          </FormControl>
          {values.provider === 'zoom' && zoomOff ? (
            <Alert severity="warning">
              {NOT_CONFIGURED}. Choose Other service and give the meeting&apos;s join link instead.
            </Alert>
          ) : null}
          {values.provider === 'zoom' ? (
            <Box sx={twoColumns}>
              <TextInput
                label="Zoom meeting number"
                required
                value={values.meetingNumber}
                onChange={set('meetingNumber')}
                problem={shown.meetingNumber}
              />
              <TextInput label="Passcode" value={values.passcode} onChange={set('passcode')} />
            </Box>
          ) : (
            <TextInput
              label="Join link"
              type="url"
              required
              value={values.joinUrl}
              onChange={set('joinUrl')}
              problem={shown.joinUrl}
              helperText="The https:// address learners open to join."
            />
          )}
          <TextInput
            label="Recording link"
            type="url"
            value={values.recordingUrl}
            onChange={set('recordingUrl')}
            helperText="Optional: add it after the class."
          />
        </>
      )}
    </RecordFormDialog>
  );
}
