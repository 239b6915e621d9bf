// Under a question form's text field (issue 26): one line naming the maths delimiters and, once
// something is typed, the text as learners will see it (sanitised markup, maths by KaTeX).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/content/RichText';

export function QuestionTextPreview({ text }: { text: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {'Maths in LaTeX between $…$ or \\(…\\) in a line, $$…$$ or \\[…\\] on its own line; ' +
          'simple HTML such as <b>, <i>, <sub>, <sup> and lists is kept.'}
      </Typography>
      {text.trim() ? (
        <Box
          component="section"
          aria-label="Preview"
          sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography variant="overline" component="h3" color="text.secondary">
            Preview
          </Typography>
          <RichText text={text} />
        </Box>
      ) : null}
    </Box>
  );
}
