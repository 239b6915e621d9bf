// The level reached on each criterion of a rubric-marked question (issue 27): what the learner
// sees on a published result and what staff see on a completed evaluation. Names and labels come
// from the evaluation (as marked), never from the rubric, which learners cannot read.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { marksText } from './mainsLabels';
import type { ReachedLevel } from './mainsTypes';

export function ReachedLevels({ levels }: { levels: ReachedLevel[] | undefined }) {
  if (!levels || levels.length === 0) return null;
  return (
    <Box component="ul" aria-label="Rubric levels reached" sx={{ m: 0, pl: 2 }}>
      {levels.map((l, i) => (
        <li key={`${i}-${l.criterion}`}>
          <Typography variant="body2" color="text.secondary" component="span">
            {l.criterion}: {l.level} ({marksText(l.marks)})
          </Typography>
        </li>
      ))}
    </Box>
  );
}
