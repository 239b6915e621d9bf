// Create or edit one question: of a test, of an assignment or of the pool (the caller saves).
import { SubjectPicker } from '../courses';
import { useState } from 'react';
import Box from '@mui/material/Box';
import { FormDialog } from '../../components/form/FormDialog';
import { QuestionTextPreview } from './QuestionTextPreview';
import { QuestionImageButton } from './QuestionImageButton';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useField } from '../../components/form/useField';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import type { Subject } from '../courses';
import {
  ANSWER_KEYS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type AnswerKey,
  type Question,
  type QuestionPayload,
  type QuestionType,
} from './questionTypes';
import { hasOptions, keyDraftOf, keyPayload, keyProblems, type KeyDraft } from './questionKey';
import { QuestionKeyFields } from './QuestionKeyFields';
import { PoolOrganisingFields, type OrganisingDraft } from './PoolOrganisingFields';
import { tagsOf, tagsProblem } from './poolTags';
import {
  RubricEditor,
  rubricDraftOf,
  rubricOf,
  rubricProblem,
  type RubricDraft,
} from './RubricEditor';

interface QuestionFormDialogProps {
  question?: Question | null;
  /** Saves the question; a rejection keeps the dialog open with the server's message. */
  onSave: (payload: QuestionPayload) => Promise<unknown>;
  onClose: () => void;
  /** A test or assignment question may carry a rubric (issue 27); pool questions do not. */
  withRubric?: boolean;
  /** A pool question also has a topic, a difficulty and tags (issue 26). */
  organising?: boolean;
}

type Options = Record<AnswerKey, string>;

const numberText = (value: number | null | undefined, fallback: string) =>
  value === null || value === undefined ? fallback : String(value);

export function validateQuestion(fields: {
  question: string;
  type: QuestionType;
  options: Options;
  correct: AnswerKey | '';
  pointsCorrect: string;
  pointsIncorrect: string;
}) {
  const problems: Partial<
    Record<AnswerKey | 'question' | 'correct' | 'pointsCorrect' | 'pointsIncorrect', string>
  > = {};
  if (!fields.question.trim()) problems.question = 'Enter the question.';
  if (hasOptions(fields.type)) {
    for (const key of ANSWER_KEYS) {
      if (!fields.options[key].trim()) problems[key] = `Enter option ${key.toUpperCase()}.`;
    }
  }
  if (fields.type === 'MCQ' && !fields.correct) problems.correct = 'Choose the correct answer.';
  const correct = Number(fields.pointsCorrect);
  if (fields.pointsCorrect.trim() === '' || !Number.isFinite(correct) || correct < 0) {
    problems.pointsCorrect = 'Enter 0 or more points for a correct answer.';
  }
  const incorrect = Number(fields.pointsIncorrect);
  if (fields.pointsIncorrect.trim() === '' || !Number.isFinite(incorrect) || incorrect > 0) {
    problems.pointsIncorrect = 'Enter 0 or a negative number for an incorrect answer.';
  }
  return problems;
}

export function QuestionFormDialog({
  question,
  onSave,
  onClose,
  withRubric = false,
  organising = false,
}: QuestionFormDialogProps) {
  const [text, setText] = useState(question?.question ?? '');
  const [type, setType] = useState<QuestionType>(question?.question_type ?? 'MCQ');
  const [options, setOptions] = useState<Options>({
    a: question?.option_a ?? '',
    b: question?.option_b ?? '',
    c: question?.option_c ?? '',
    d: question?.option_d ?? '',
  });
  // The key per type (issue 26): QuestionKeyFields edits it, questionKey.ts checks and sends it.
  const [answerKey, setAnswerKey] = useState<KeyDraft>(() => keyDraftOf(question));
  const pointsCorrect = useField(numberText(question?.points_correct_answer, '1'));
  const pointsIncorrect = useField(numberText(question?.points_incorrect_answer, '0'));
  const explanation = useField(question?.explanation ?? '');
  const [subject, setSubject] = useState<Subject | null>(question?.subject ?? null);
  const [rubric, setRubric] = useState<RubricDraft | null>(() => rubricDraftOf(question?.rubric));
  const [organised, setOrganised] = useState<OrganisingDraft>({
    topic: question?.topic?.documentId ?? '',
    difficulty: question?.difficulty ?? '',
    tags: (question?.tags ?? []).join(', '),
  });
  const form = useFormSubmit(onClose);
  const tags = tagsOf(organised.tags);
  const tagIssue = organising ? tagsProblem(tags) : null;

  const problems = {
    ...validateQuestion({
      question: text,
      type,
      options,
      correct: answerKey.single,
      pointsCorrect: pointsCorrect.value,
      pointsIncorrect: pointsIncorrect.value,
    }),
    ...keyProblems(type, answerKey),
  };
  const shown = form.touched ? problems : {};
  const objective = type !== 'Descriptive';
  const withOptions = hasOptions(type);
  const hasRubric = withRubric && !objective && rubric !== null;
  const rubricIssue =
    hasRubric && rubric && !problems.pointsCorrect
      ? rubricProblem(rubric, Number(pointsCorrect.value))
      : null;

  const save = () =>
    form.submit(Object.keys(problems).length > 0 || rubricIssue !== null || tagIssue !== null, () =>
      onSave({
        question: text.trim(),
        option_a: withOptions ? options.a.trim() : '',
        option_b: withOptions ? options.b.trim() : '',
        option_c: withOptions ? options.c.trim() : '',
        option_d: withOptions ? options.d.trim() : '',
        ...keyPayload(type, answerKey),
        points_correct_answer: Number(pointsCorrect.value),
        points_incorrect_answer: Number(pointsIncorrect.value),
        question_type: type,
        explanation: explanation.value.trim(),
        subject: subject?.documentId ?? null,
        ...(organising
          ? {
              topic: subject && organised.topic ? organised.topic : null,
              difficulty: organised.difficulty || null,
              tags,
            }
          : {}),
        // An objective question sends no rubric, unless it had one (a type change clears it).
        ...(withRubric && (!objective || question?.rubric)
          ? { rubric: hasRubric && rubric ? rubricOf(rubric) : null }
          : {}),
      }),
    );

  return (
    <FormDialog
      {...form.dialog}
      title={question ? 'Edit question' : 'New question'}
      submitLabel="Save question"
      maxWidth="md"
      onSubmit={save}
    >
      <TextInput
        label="Question"
        value={text}
        onChange={setText}
        multiline
        minRows={2}
        required
        autoFocus
        problem={shown.question}
      />
      <QuestionTextPreview text={text} />
      <QuestionImageButton
        withOptions={hasOptions(type)}
        onInsert={(target, html) => {
          const add = (current: string) => (current.trim() ? `${current} ${html}` : html);
          if (target === 'question') setText(add);
          else if (target === 'explanation') explanation.onChange(add(explanation.value));
          else
            setOptions((current) => ({ ...current, [target]: add(current[target as AnswerKey]) }));
        }}
      />
      <SelectInput
        label="Question type"
        value={type}
        onChange={(value) => setType(QUESTION_TYPES.find((t) => t === value) ?? 'MCQ')}
        choices={QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }))}
      />
      {withOptions ? (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {ANSWER_KEYS.map((key) => (
              <TextInput
                key={key}
                label={`Option ${key.toUpperCase()}`}
                value={options[key]}
                onChange={(value) => setOptions((current) => ({ ...current, [key]: value }))}
                required
                problem={shown[key]}
              />
            ))}
          </Box>
        </>
      ) : null}
      <QuestionKeyFields type={type} draft={answerKey} onChange={setAnswerKey} problems={shown} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextInput
          label="Points for a correct answer"
          type="number"
          {...pointsCorrect}
          required
          problem={shown.pointsCorrect}
        />
        <TextInput
          label="Points for an incorrect answer"
          type="number"
          {...pointsIncorrect}
          problem={shown.pointsIncorrect}
          helperText={'0, or negative for negative marking.'}
        />
      </Box>
      <SubjectPicker
        value={subject}
        onChange={(next) => {
          setSubject(next);
          if (next?.documentId !== subject?.documentId) {
            setOrganised((current) => ({ ...current, topic: '' }));
          }
        }}
      />
      {organising ? (
        <PoolOrganisingFields
          subjectId={subject?.documentId ?? null}
          draft={organised}
          onChange={setOrganised}
          tagsProblem={form.shown(tagIssue)}
        />
      ) : null}
      <TextInput label="Explanation" {...explanation} multiline minRows={2} />
      {withRubric && !objective ? (
        <RubricEditor
          draft={rubric}
          onChange={setRubric}
          problem={form.touched ? rubricIssue : null}
        />
      ) : null}
    </FormDialog>
  );
}
