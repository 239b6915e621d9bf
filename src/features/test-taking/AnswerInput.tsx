// The answer control of the question on screen, per question type (issue 26): a radio group for
// single correct and true/false, a group of checkboxes under a legend for multiple correct, a
// number field with its unit for numeric. Each is labelled and works from the keyboard alone
// (radios move with the arrow keys, checkboxes toggle with Space, the field takes typing).
import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { RichText } from '../../components/content/RichText';
import { useTranslation } from '../../lib/i18n';
import { isDecimalText, kindOf, lettersOf, storedLetters } from './answerKinds';
import { CHOICES, displayedOptions, type ExamQuestion } from './examTypes';

interface AnswerInputProps {
  question: ExamQuestion;
  /** The stored answer ('a', 'a,c', 'true', '9.81'; null: none). */
  value: string | null;
  number: number;
  locked: boolean;
  onAnswer: (value: string | null) => void;
}

/** The number field: the learner's text is kept as typed; only a number (or nothing) is saved. */
function NumberAnswer({ question, value, number, locked, onAnswer }: AnswerInputProps) {
  const { t } = useTranslation('exam');
  const [text, setText] = useState(value ?? '');
  // Another tab's save or a clear: show the stored value (set while rendering, as React advises
  // for state that follows a prop; a new question remounts this field by its key).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value ?? '');
  }
  const invalid = text.trim() !== '' && !isDecimalText(text);
  const unit = question.answer_unit ?? null;
  return (
    <TextField
      label={t('question.numberLabel', { number })}
      value={text}
      disabled={locked}
      error={invalid}
      helperText={invalid ? t('question.numberInvalid') : t('question.numberHelp')}
      inputProps={{ inputMode: 'decimal', autoComplete: 'off', maxLength: 40 }}
      InputProps={
        unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined
      }
      sx={{ maxWidth: 320 }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const trimmed = next.trim();
        if (trimmed === '') onAnswer(null);
        else if (isDecimalText(trimmed) && trimmed !== value) onAnswer(trimmed);
      }}
    />
  );
}

export function AnswerInput(props: AnswerInputProps) {
  const { question, value, number, locked, onAnswer } = props;
  const { t } = useTranslation('exam');
  const kind = kindOf(question.question_type);
  if (kind === 'numeric') {
    return <NumberAnswer key={question.documentId} {...props} />;
  }
  if (kind === 'multiple') {
    const chosen = lettersOf(value);
    return (
      <FormControl component="fieldset" disabled={locked}>
        <FormLabel component="legend">{t('question.chooseAll', { number })}</FormLabel>
        <FormGroup>
          {displayedOptions(question).map(({ choice, label, text }) => (
            <FormControlLabel
              key={choice}
              control={
                <Checkbox
                  checked={chosen.includes(choice)}
                  onChange={(event) =>
                    onAnswer(
                      storedLetters(
                        event.target.checked
                          ? [...chosen, choice]
                          : chosen.filter((c) => c !== choice),
                      ),
                    )
                  }
                />
              }
              label={<RichText inline text={`${label}. ${text}`} />}
            />
          ))}
        </FormGroup>
      </FormControl>
    );
  }
  const options =
    kind === 'truefalse'
      ? [
          { choice: 'true', label: t('question.true') },
          { choice: 'false', label: t('question.false') },
        ]
      : displayedOptions(question).map(({ choice, label, text }) => ({
          choice,
          label: <RichText inline text={`${label}. ${text}`} />,
        }));
  const allowed: readonly string[] = kind === 'truefalse' ? ['true', 'false'] : CHOICES;
  return (
    <RadioGroup
      aria-label={t('question.answerTo', { number })}
      value={value ?? ''}
      onChange={(event) => {
        if (allowed.includes(event.target.value)) onAnswer(event.target.value);
      }}
    >
      {/* Shuffled options keep their original letter as the value; the label is by position. */}
      {options.map(({ choice, label }) => (
        <FormControlLabel
          key={choice}
          value={choice}
          disabled={locked}
          control={<Radio />}
          label={label}
        />
      ))}
    </RadioGroup>
  );
}
