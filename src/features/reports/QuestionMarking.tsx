// Per-question marking of one subject (issue 27): a mark (within the question's points; halves
// only where the test allows them) and an optional comment per question, the running total, Save,
// and Complete, which first shows a summary to confirm. What was typed stays on the screen when a
// save fails; the server recomputes the total and completing sends back the total confirmed.
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { marksText, ReachedLevels, useSaveEvaluationMutation } from '../mains';
import type { Evaluation, QuestionMark, Rubric } from '../mains';
import { RubricChoice, rubricMarks } from './RubricChoice';

export const COMMENT_MAX = 2000;

export interface MarkableQuestion {
  documentId: string;
  /** Its number in the script (1-based). */
  number: number;
  maximum: number | null;
  /** Its rubric (issue 27): marked by choosing a level per criterion, not by typing. */
  rubric?: Rubric | null;
}

interface Row {
  marks: string;
  comment: string;
  /** With a rubric: the chosen level per criterion. */
  levels: Array<number | null>;
}

type Parsed = { ok: true; value: number | null } | { ok: false; problem: string };

export function parseMark(text: string, q: MarkableQuestion, allowHalf: boolean): Parsed {
  if (text.trim() === '') return { ok: true, value: null };
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (q.maximum !== null && n > q.maximum)) {
    return {
      ok: false,
      problem: `Marks for question ${q.number} must be between 0 and ${q.maximum ?? 'the maximum'}.`,
    };
  }
  if (allowHalf ? !Number.isInteger(n * 2) : !Number.isInteger(n)) {
    return {
      ok: false,
      problem: allowHalf
        ? `Marks for question ${q.number} must be a whole or half number (like 2.5).`
        : `Marks for question ${q.number} must be a whole number.`,
    };
  }
  return { ok: true, value: n };
}

const sum = (values: Array<number | null>) =>
  Math.round(values.reduce<number>((total, v) => total + (v ?? 0), 0) * 100) / 100;

/** Read-only per-question marks and comments (a completed evaluation, or a learner's result). */
export function QuestionMarksList(props: { marks: QuestionMark[]; questions: MarkableQuestion[] }) {
  const { marks, questions } = props;
  return (
    <Box component="ul" aria-label="Marks per question" sx={{ p: 0, m: 0, mt: 1 }}>
      {marks.map((m) => {
        const q = questions.find((item) => item.documentId === m.question);
        return (
          <Box component="li" key={m.question} sx={{ listStyle: 'none', mb: 0.5 }}>
            <Typography variant="body2">
              Question {q?.number ?? '?'}: {marksText(m.marks)}
              {q?.maximum !== null && q?.maximum !== undefined ? ` of ${marksText(q.maximum)}` : ''}
            </Typography>
            <ReachedLevels levels={m.rubric} />
            {m.comment ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {m.comment}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

interface QuestionMarkingProps {
  resultId: string;
  subjectName: string;
  evaluation: Evaluation;
  questions: MarkableQuestion[];
  allowHalf: boolean;
  /** The subject's maximum (the sum of its questions' points). */
  maximum: number | null;
  busy: boolean;
  children?: ReactNode;
}

export function QuestionMarking(props: QuestionMarkingProps) {
  const { resultId, subjectName, evaluation, questions, allowHalf, maximum, busy } = props;
  const [saveEvaluation] = useSaveEvaluationMutation();
  const stored = evaluation.questions ?? [];
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      questions.map((q) => {
        const m = stored.find((item) => item.question === q.documentId);
        return [
          q.documentId,
          {
            marks: m?.marks === null || m?.marks === undefined ? '' : String(m.marks),
            comment: m?.comment ?? '',
            levels: q.rubric ? q.rubric.criteria.map((_c, i) => m?.levels?.[i] ?? null) : [],
          },
        ];
      }),
    ),
  );
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const row = (id: string): Row => rows[id] ?? { marks: '', comment: '', levels: [] };
  const set = (id: string, change: Partial<Row>) => {
    setSaved(false);
    setRows((current) => ({ ...current, [id]: { ...row(id), ...current[id], ...change } }));
  };
  const parsed = questions.map((q): Parsed =>
    q.rubric
      ? { ok: true, value: rubricMarks(q.rubric, row(q.documentId).levels) }
      : parseMark(row(q.documentId).marks, q, allowHalf),
  );
  const total = sum(parsed.map((p) => (p.ok ? p.value : null)));

  /** The body to send, or the first problem. */
  const body = ():
    | { problem: string }
    | {
        list: Array<
          | { questionId: string; marks: number | null; comment: string }
          | { questionId: string; levels: Array<number | null>; comment: string }
        >;
      } => {
    for (const [index, q] of questions.entries()) {
      const p = parsed[index];
      if (p && !p.ok) return { problem: p.problem };
      if (row(q.documentId).comment.trim().length > COMMENT_MAX) {
        return {
          problem: `The comment on question ${q.number} is longer than ${COMMENT_MAX} characters.`,
        };
      }
    }
    return {
      list: questions.map((q, index) => {
        const p = parsed[index];
        const comment = row(q.documentId).comment.trim();
        if (q.rubric) {
          return { questionId: q.documentId, levels: row(q.documentId).levels, comment };
        }
        return { questionId: q.documentId, marks: p?.ok ? p.value : null, comment };
      }),
    };
  };

  const send = async () => {
    const next = body();
    if ('problem' in next) throw new Error(next.problem);
    return saveEvaluation({
      evaluationId: evaluation.documentId,
      resultId,
      body: { questions: next.list },
    }).unwrap();
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await send();
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const askToComplete = () => {
    const next = body();
    setError(null);
    if ('problem' in next) {
      setError(next.problem);
      return;
    }
    const missing = questions.filter((_q, index) => {
      const p = parsed[index];
      return !p?.ok || p.value === null;
    });
    if (missing.length > 0) {
      setError(
        `Mark every question of ${subjectName} before completing (missing: ${missing
          .map((q) => `question ${q.number}`)
          .join(', ')}).`,
      );
      return;
    }
    setConfirming(true);
  };

  const complete = async () => {
    const result = await send();
    if (result.total_marks !== total) {
      throw new Error(`The saved total is ${marksText(result.total_marks)}: check the marks.`);
    }
    await saveEvaluation({
      evaluationId: evaluation.documentId,
      resultId,
      body: { complete: true, confirmTotal: total },
    }).unwrap();
  };

  const disabled = busy || saving;
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }}>
      {evaluation.total_marks !== null && stored.length === 0 ? (
        <Alert severity="info">
          Marked earlier with a total of {marksText(evaluation.total_marks)}. Marks per question
          replace it when saved.
        </Alert>
      ) : null}
      {questions.map((q, index) => {
        const p = parsed[index];
        return (
          <Box
            key={q.documentId}
            role="group"
            aria-label={`Question ${q.number}`}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: q.rubric ? '1fr' : { xs: '1fr', sm: '8rem 1fr' },
            }}
          >
            {q.rubric ? (
              <RubricChoice
                number={q.number}
                rubric={q.rubric}
                levels={row(q.documentId).levels}
                onChange={(levels) => set(q.documentId, { levels })}
                disabled={disabled}
              />
            ) : (
              <TextInput
                label={`Marks for question ${q.number}`}
                type="number"
                value={row(q.documentId).marks}
                onChange={(value) => set(q.documentId, { marks: value })}
                problem={p && !p.ok ? p.problem : null}
                helperText={q.maximum !== null ? `Out of ${marksText(q.maximum)}` : undefined}
                disabled={disabled}
              />
            )}
            <TextInput
              label={`Comment on question ${q.number}`}
              value={row(q.documentId).comment}
              onChange={(value) => set(q.documentId, { comment: value })}
              multiline
              minRows={1}
              disabled={disabled}
            />
          </Box>
        );
      })}
      <Typography variant="body1" sx={{ fontWeight: 600 }} aria-live="polite">
        Total for {subjectName}: {marksText(total)}
        {maximum !== null ? ` of ${marksText(maximum)}` : ''}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {saved && !error ? <Alert severity="success">Marks saved.</Alert> : null}
      {props.children}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={disabled} onClick={() => void save()}>
          Save marks for {subjectName}
        </Button>
        <Button variant="contained" disabled={disabled} onClick={askToComplete}>
          Complete {subjectName}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={`Complete ${subjectName}?`}
        destructive={false}
        confirmLabel="Confirm and complete"
        onClose={() => setConfirming(false)}
        onConfirm={complete}
        message={
          <>
            <Table size="small" aria-label={`Summary of ${subjectName}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Question</TableCell>
                  <TableCell align="right">Marks</TableCell>
                  <TableCell>Comment</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {questions.map((q, index) => {
                  const p = parsed[index];
                  return (
                    <TableRow key={q.documentId}>
                      <TableCell>{q.number}</TableCell>
                      <TableCell align="right">
                        {marksText(p?.ok ? p.value : null)}
                        {q.maximum !== null ? ` / ${marksText(q.maximum)}` : ''}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        {row(q.documentId).comment.trim() || '—'}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Typography sx={{ mt: 1.5, fontWeight: 600 }}>
              Total: {marksText(total)}
              {maximum !== null ? ` of ${marksText(maximum)}` : ''}. Once completed, only an
              administrator can reopen it.
            </Typography>
          </>
        }
      />
    </Stack>
  );
}
