// The delivery options of a test form (issue 23): how many practice attempts, when learners see
// their score and their own answers, whether rank and percentile are shown, and whether a total
// below zero stands, whether fullscreen is asked for (the integrity log), whether questions and
// options are shuffled per learner, and whether Mains marks per question may be halves (issue 27). Kept apart from TestFormDialog so the form stays one screen of code; the
// state lives here (useTestDelivery) and the form sends `payload` with the rest.
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { numberInputText, numberOrNull } from '../../components/form/refPickerHelpers';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { useField } from '../../components/form/useField';
import { isReviewAnswerKey, REVIEW_SHOWN_CHOICES } from './testLabels';
import type {
  MultipleMarking,
  NegativeTotal,
  ReviewAnswerKey,
  Test,
  TestPayload,
} from './testTypes';

type DeliveryPayload = Pick<
  TestPayload,
  | 'max_practice_attempts'
  | 'review_score'
  | 'review_answers'
  | 'show_rank'
  | 'negative_total'
  | 'multiple_marking'
  | 'require_fullscreen'
  | 'shuffle_questions'
  | 'shuffle_options'
  | 'allow_half_marks'
>;

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** The options' state, what the form sends, and a problem to show (null when none). */
export function useTestDelivery(test: Test | null | undefined) {
  const practiceLimit = useField(numberInputText(test?.max_practice_attempts));
  const [reviewScore, setReviewScore] = useState<ReviewAnswerKey>(
    test?.review_score ?? 'after_each_attempt',
  );
  const [reviewAnswers, setReviewAnswers] = useState<ReviewAnswerKey>(
    test?.review_answers ?? 'after_each_attempt',
  );
  const [showRank, setShowRank] = useState(test?.show_rank ?? true);
  const [fullscreen, setFullscreen] = useState(test?.require_fullscreen ?? false);
  const [shuffleQuestions, setShuffleQuestions] = useState(test?.shuffle_questions ?? false);
  const [shuffleOptions, setShuffleOptions] = useState(test?.shuffle_options ?? false);
  const [halfMarks, setHalfMarks] = useState(test?.allow_half_marks ?? false);
  const [negativeTotal, setNegativeTotal] = useState<NegativeTotal>(test?.negative_total ?? 'keep');
  const [multipleMarking, setMultipleMarking] = useState<MultipleMarking>(
    test?.multiple_marking ?? 'all_or_nothing',
  );
  const limit = numberOrNull(practiceLimit.value);
  const practiceProblem =
    limit !== null && (!Number.isInteger(limit) || limit < 0)
      ? 'Enter a whole number of 0 or more, or leave it empty.'
      : null;
  const payload: DeliveryPayload = {
    max_practice_attempts: limit && limit > 0 ? limit : null,
    review_score: reviewScore,
    review_answers: reviewAnswers,
    show_rank: showRank,
    negative_total: negativeTotal,
    multiple_marking: multipleMarking,
    require_fullscreen: fullscreen,
    shuffle_questions: shuffleQuestions,
    shuffle_options: shuffleOptions,
    allow_half_marks: halfMarks,
  };
  return {
    payload,
    practiceProblem,
    practiceLimit,
    reviewScore,
    setReviewScore,
    reviewAnswers,
    setReviewAnswers,
    showRank,
    setShowRank,
    negativeTotal,
    setNegativeTotal,
    multipleMarking,
    setMultipleMarking,
    fullscreen,
    setFullscreen,
    shuffleQuestions,
    setShuffleQuestions,
    shuffleOptions,
    setShuffleOptions,
    halfMarks,
    setHalfMarks,
  };
}

export type TestDelivery = ReturnType<typeof useTestDelivery>;

/** A switch with its label and a line of help under it. */
export function SwitchField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help: string;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            onChange={(event) => props.onChange(event.target.checked)}
          />
        }
        label={props.label}
      />
      <FormHelperText>{props.help}</FormHelperText>
    </Box>
  );
}

export function TestDeliveryFields({
  delivery,
  practice,
  showProblems,
}: {
  delivery: TestDelivery;
  /** Whether the test offers practice (the practice limit applies only then). */
  practice: boolean;
  showProblems: boolean;
}) {
  const d = delivery;
  return (
    <>
      <Box sx={twoColumns}>
        <SelectInput
          label="Show learners their score"
          value={d.reviewScore}
          onChange={(value) => {
            if (isReviewAnswerKey(value)) d.setReviewScore(value);
          }}
          choices={REVIEW_SHOWN_CHOICES}
          helperText="Until then the result page tells the learner when they will see it."
        />
        <SelectInput
          label="Show learners their answers"
          value={d.reviewAnswers}
          onChange={(value) => {
            if (isReviewAnswerKey(value)) d.setReviewAnswers(value);
          }}
          choices={REVIEW_SHOWN_CHOICES}
          helperText="What each learner chose, in their review."
        />
      </Box>
      <Box sx={twoColumns}>
        <SwitchField
          label="Show rank and percentile"
          checked={d.showRank}
          onChange={d.setShowRank}
          help="With the score, each learner sees their place among the learners of this test."
        />
        <SelectInput
          label="A total below zero"
          value={d.negativeTotal}
          onChange={(value) => d.setNegativeTotal(value === 'floor' ? 'floor' : 'keep')}
          choices={[
            { value: 'keep', label: 'Stands (e.g. −2), as negative marking gives it' },
            { value: 'floor', label: 'Is raised to 0' },
          ]}
          helperText="Wrong answers can take a total below zero when they cost marks."
        />
      </Box>
      <SelectInput
        label="Questions with several correct options"
        value={d.multipleMarking}
        onChange={(value) =>
          d.setMultipleMarking(value === 'partial' ? 'partial' : 'all_or_nothing')
        }
        choices={[
          { value: 'all_or_nothing', label: 'All or nothing: every correct option, no wrong one' },
          {
            value: 'partial',
            label: 'Partial marks: a share per correct option chosen, if no wrong one is',
          },
        ]}
        helperText="A wrong option chosen always costs the incorrect-answer points."
      />
      <SwitchField
        label="Ask learners to take the test in fullscreen"
        checked={d.fullscreen}
        onChange={d.setFullscreen}
        help="Leaving fullscreen is recorded in the attempt's integrity log (never held against the learner by itself); learners are told before they start."
      />
      <Box sx={twoColumns}>
        <SwitchField
          label="Shuffle the questions"
          checked={d.shuffleQuestions}
          onChange={d.setShuffleQuestions}
          help="Each learner gets the questions in their own order, the same each time they come back."
        />
        <SwitchField
          label="Shuffle the options"
          checked={d.shuffleOptions}
          onChange={d.setShuffleOptions}
          help="Each learner sees the options of a question in their own order. Marking, reviews and reports keep the original option letters."
        />
      </Box>
      <SwitchField
        label="Allow half marks per question"
        checked={d.halfMarks}
        onChange={d.setHalfMarks}
        help="Mains marking: faculty may give a question 2.5 as well as 2 or 3."
      />
      {practice ? (
        <TextInput
          label="Practice attempts allowed per learner"
          type="number"
          {...d.practiceLimit}
          problem={showProblems ? (d.practiceProblem ?? undefined) : undefined}
          helperText="Empty or 0 = unlimited. Practice is never counted, ranked or in results."
        />
      ) : null}
    </>
  );
}
