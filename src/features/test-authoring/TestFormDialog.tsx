// Create or edit a test (staff): the fields of a test in the frame it shares with the assignment
// form (WorkFormDialog: name, description, categories, attachments, relations).
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { numberInputText, numberOrNull } from '../../components/form/refPickerHelpers';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useField } from '../../components/form/useField';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { isReviewAnswerKey, REVIEW_ANSWER_KEY_CHOICES } from './testLabels';
import { TestDeliveryFields, useTestDelivery } from './TestDeliveryFields';
import { TestSectionsFields, useTestSections } from './TestSectionsFields';
import { useSaveTestMutation } from './testsEndpoints';
import type { PassMarkUnit, ReviewAnswerKey, Test, TestDetail } from './testTypes';
import { validateTest } from './testValidation';
import { WorkFormDialog } from './WorkFormDialog';

interface TestFormDialogProps {
  /** The test to edit (with its relations); none to create one. */
  test?: TestDetail | null;
  onSaved: (test: Test) => void;
  onClose: () => void;
}

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

export function TestFormDialog({ test, onSaved, onClose }: TestFormDialogProps) {
  const [saveTest] = useSaveTestMutation();
  const [practice, setPractice] = useState(test?.enable_practice_test ?? false);
  const instructions = useField(test?.instructions ?? '');
  const maxAttempts = useField(numberInputText(test?.max_attempts ?? 1));
  const validFrom = useField(toLocalInput(test?.ValidFrom));
  const validTo = useField(toLocalInput(test?.ValidTo));
  const passMark = useField(numberInputText(test?.PassMark));
  const [passMarkUnit, setPassMarkUnit] = useState<PassMarkUnit>(test?.pass_mark_unit ?? 'marks');
  const [reviewKey, setReviewKey] = useState<ReviewAnswerKey>(
    test?.review_answer_key ?? 'after_last_attempt',
  );
  const delivery = useTestDelivery(test);
  const sections = useTestSections(test);

  return (
    <WorkFormDialog
      noun="test"
      record={test}
      start={{
        name: test?.TestName,
        description: test?.Description,
        duration: test?.TestDuration,
        maximumMarks: test?.MaximumMarks,
      }}
      validate={(basics) => ({
        ...validateTest({
          ...basics,
          validFrom: validFrom.value,
          validTo: validTo.value,
          passMark: passMark.value,
          passMarkUnit,
          maxAttempts: maxAttempts.value,
        }),
        ...(practice && delivery.practiceProblem
          ? { practiceLimit: delivery.practiceProblem }
          : {}),
        ...(sections.problem ? { sections: sections.problem } : {}),
      })}
      save={(basics, links) =>
        saveTest({
          documentId: test?.documentId,
          payload: {
            TestName: basics.name,
            Description: basics.description,
            TestDuration: basics.duration,
            enable_practice_test: practice,
            instructions: instructions.value,
            max_attempts: maxAttempts.value.trim() === '' ? 1 : Number(maxAttempts.value),
            ValidFrom: fromLocalInput(validFrom.value),
            ValidTo: fromLocalInput(validTo.value),
            MaximumMarks: basics.maximumMarks,
            PassMark: numberOrNull(passMark.value),
            pass_mark_unit: passMarkUnit,
            review_answer_key: reviewKey,
            ...delivery.payload,
            ...sections.payload,
            ...links,
            // Issue 23: a new test is a draft until it is published.
            ...(test ? {} : { status: 'draft' as const }),
          },
        }).unwrap()
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ shown, duration, durationMinutes, maximumMarks }) => (
        <>
          <Box sx={twoColumns}>
            {duration}
            <TextInput
              label="Attempts allowed per learner"
              type="number"
              {...maxAttempts}
              problem={shown.maxAttempts}
              helperText={'0 = unlimited'}
            />
          </Box>
          <Box sx={twoColumns}>
            <FormControlLabel
              control={
                <Switch
                  checked={practice}
                  onChange={(event) => setPractice(event.target.checked)}
                />
              }
              label="Practice test enabled"
            />
            <SelectInput
              label="Show the answer key to learners"
              value={reviewKey}
              onChange={(value) => {
                if (isReviewAnswerKey(value)) setReviewKey(value);
              }}
              choices={REVIEW_ANSWER_KEY_CHOICES}
              helperText="The correct answers and explanations, in the learner's review."
            />
          </Box>
          <TestDeliveryFields
            delivery={delivery}
            practice={practice}
            showProblems={'practiceLimit' in shown}
          />
          <TestSectionsFields
            sections={sections}
            duration={durationMinutes}
            showProblems={'sections' in shown}
          />
          <TextInput label="Instructions" {...instructions} multiline minRows={3} />
          <Box sx={twoColumns}>
            <TextInput label="Valid from" type="datetime-local" {...validFrom} />
            <TextInput
              label="Valid to"
              type="datetime-local"
              {...validTo}
              problem={shown.validTo}
            />
          </Box>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
          >
            {maximumMarks}
            <TextInput label="Pass mark" type="number" {...passMark} problem={shown.passMark} />
            <SelectInput
              label="Pass mark unit"
              value={passMarkUnit}
              onChange={(value) => setPassMarkUnit(value === 'percent' ? 'percent' : 'marks')}
              choices={[
                { value: 'marks', label: 'Marks' },
                { value: 'percent', label: 'Per cent' },
              ]}
            />
          </Box>
        </>
      )}
    </WorkFormDialog>
  );
}
