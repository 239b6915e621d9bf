// The script page's annotation section (issue 27): the evaluations the caller may annotate (a
// faculty member's own subjects; an administrator any), then the workspace for the chosen one with
// every answer document of the script, labelled by question. Learners never get here (the server
// refuses them the annotations too).
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Script } from '../../mains/mainsTypes';
import { viewerKind } from '../../mains';
import { absoluteFileUrl } from '../../media';
import { AnnotateWorkspace, type WorkspaceDocument } from './AnnotateWorkspace';

export function scriptDocuments(script: Script): WorkspaceDocument[] {
  const number = new Map(script.questions.map((q, i) => [q.documentId, i + 1]));
  return script.answers.flatMap((answer) =>
    answer.documents.flatMap((file) => {
      const kind = viewerKind(file);
      if (!kind) return [];
      const n = number.get(answer.question);
      return [
        {
          fileId: file.id,
          url: absoluteFileUrl(file.url),
          kind,
          label: `${n ? `Question ${n}: ` : ''}${file.name}`,
        },
      ];
    }),
  );
}

export function AnnotateSection({ script, isAdmin }: { script: Script; isAdmin: boolean }) {
  const mine = script.evaluations.filter(
    (e) => isAdmin || script.canEvaluate.includes(e.subject.documentId),
  );
  const [chosen, setChosen] = useState<string>('');
  const documents = useMemo(() => scriptDocuments(script), [script]);
  if (mine.length === 0) {
    return script.canEvaluate.length > 0 ? (
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Start the evaluation of your subject to annotate the answers.
      </Typography>
    ) : null;
  }
  const evaluation = mine.find((e) => e.documentId === chosen) ?? mine[0];
  if (!evaluation) return null;
  return (
    <Box component="section" aria-labelledby="annotate-heading" sx={{ mb: 3 }}>
      <Typography id="annotate-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Annotate
      </Typography>
      {mine.length > 1 ? (
        <TextField
          select
          size="small"
          label="Annotate for"
          value={evaluation.documentId}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ mb: 1, minWidth: 220 }}
        >
          {mine.map((e) => (
            <MenuItem key={e.documentId} value={e.documentId}>
              {e.subject.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Annotating for {evaluation.subject.name}
        </Typography>
      )}
      <AnnotateWorkspace
        key={evaluation.documentId}
        evaluationId={evaluation.documentId}
        documents={documents}
        readOnly={false}
      />
    </Box>
  );
}
