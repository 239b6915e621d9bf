// A test's (or assignment's) questions, numbered in order: the question, the options with the
// correct one marked, points, type, subject and explanation; a checkbox, Edit and Delete each.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { RichText } from '../../components/content/RichText';
import { EditDeleteButtons } from '../../components/data/EditDeleteButtons';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { ANSWER_KEYS, type Question } from './questionTypes';
import { hasOptions } from './questionKey';

interface QuestionListProps {
  questions: readonly Question[];
  selected: ReadonlySet<string>;
  onToggle: (documentId: string) => void;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  /** Preview as a learner (issue 26); none: no Preview button. */
  onPreview?: (question: Question) => void;
}

/** The key of a true/false or numeric question as one line (null for other types). */
function keyLineOf(question: Question): string | null {
  const unit = question.answer_unit ? ` ${question.answer_unit}` : '';
  if (question.question_type === 'TrueFalse') {
    return question.correct_answer === 'true' ? 'True' : 'False';
  }
  if (question.question_type !== 'Numeric') return null;
  if (typeof question.answer_min === 'number' && typeof question.answer_max === 'number') {
    return `from ${question.answer_min} to ${question.answer_max}${unit}`;
  }
  const tolerance = question.answer_tolerance ? ` ± ${question.answer_tolerance}` : '';
  return `${question.correct_answer ?? ''}${tolerance}${unit}`;
}

function pointsText(question: Question): string {
  const good = question.points_correct_answer ?? 0;
  const bad = question.points_incorrect_answer ?? 0;
  return `+${good} correct / ${bad} incorrect`;
}

function QuestionItem({
  question,
  number,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onPreview,
}: {
  question: Question;
  number: number;
  selected: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onPreview?: () => void;
}) {
  const type = question.question_type ?? 'MCQ';
  const isMcq = hasOptions(type);
  // Issue 26: several correct letters ('a,c'); true/false and numeric keys as one line.
  const keys = (question.correct_answer ?? '').split(',');
  const keyLine = keyLineOf(question);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Question ${number}`}
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select question ${number}` } }}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" sx={{ whiteSpace: 'pre-line' }}>
            <strong>{number}.</strong> <RichText inline text={question.question} />
          </Typography>
          {isMcq ? (
            <Box component="ol" aria-label="Options" sx={{ listStyle: 'none', p: 0, my: 1 }}>
              {ANSWER_KEYS.map((key) => {
                const correct = keys.includes(key);
                const text = question[`option_${key}`];
                return (
                  <Box
                    component="li"
                    key={key}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      py: 0.25,
                      color: correct ? 'success.main' : undefined,
                      fontWeight: correct ? 600 : undefined,
                    }}
                  >
                    <RichText inline text={`${key}) ${text || '—'}`} />
                    {correct ? (
                      <>
                        <CheckCircleOutlined fontSize="small" aria-hidden />
                        <span>(correct answer)</span>
                      </>
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          ) : null}
          {keyLine ? (
            <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600, my: 1 }}>
              Correct answer: {keyLine}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
            <Chip size="small" label={question.question_type ?? 'MCQ'} />
            <Chip size="small" variant="outlined" label={pointsText(question)} />
            {question.subject ? (
              <Chip size="small" variant="outlined" label={question.subject.SubjectName} />
            ) : null}
          </Stack>
          {question.explanation ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              <RichText inline text={`Explanation: ${question.explanation}`} />
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', flexShrink: 0 }}>
          {onPreview ? (
            <Button size="small" aria-label={`Preview question ${number}`} onClick={onPreview}>
              Preview
            </Button>
          ) : null}
          <EditDeleteButtons name={`question ${number}`} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      </Box>
    </Paper>
  );
}

export function QuestionList({
  questions,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onPreview,
}: QuestionListProps) {
  return (
    <Stack component="ol" aria-label="Questions" spacing={1.5} sx={{ p: 0, m: 0 }}>
      {questions.map((question, index) => (
        <QuestionItem
          key={question.documentId}
          question={question}
          number={index + 1}
          selected={selected.has(question.documentId)}
          onToggle={() => onToggle(question.documentId)}
          onEdit={() => onEdit(question)}
          onDelete={() => onDelete(question)}
          onPreview={onPreview ? () => onPreview(question) : undefined}
        />
      ))}
    </Stack>
  );
}
