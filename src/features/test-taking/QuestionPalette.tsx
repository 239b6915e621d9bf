// One button per question, named by its number and state, with a legend of counts.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AnswerView } from './examSlice';

export type PaletteState = 'answered' | 'not answered' | 'not visited';

export interface PaletteItem {
  state: PaletteState;
  marked: boolean;
  checked: boolean;
}

export function paletteItem(answer: AnswerView | undefined, visited: boolean): PaletteItem {
  const answered = Boolean(answer?.selected_answer);
  return {
    state: answered ? 'answered' : visited ? 'not answered' : 'not visited',
    marked: answer?.mark_as_important === true,
    checked: answer?.checked === true,
  };
}

export function paletteLabel(index: number, item: PaletteItem): string {
  return [
    `Question ${index + 1}, ${item.state}`,
    item.marked ? 'marked as important' : null,
    item.checked ? 'checked' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

const colours: Record<PaletteState, 'success' | 'warning' | 'inherit'> = {
  answered: 'success',
  'not answered': 'warning',
  'not visited': 'inherit',
};

interface QuestionPaletteProps {
  items: PaletteItem[];
  current: number;
  onGo: (index: number) => void;
}

export function QuestionPalette({ items, current, onGo }: QuestionPaletteProps) {
  const count = (state: PaletteState) => items.filter((item) => item.state === state).length;
  const legend = [
    ['Answered', count('answered')],
    ['Not answered', count('not answered')],
    ['Marked as important', items.filter((item) => item.marked).length],
    ['Not visited', count('not visited')],
  ] as const;
  return (
    <Paper variant="outlined" component="nav" aria-labelledby="palette-title" sx={{ p: 2 }}>
      <Typography id="palette-title" component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        Questions
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(44px, 1fr))',
          gap: 1,
        }}
      >
        {items.map((item, index) => (
          <Button
            key={index}
            size="small"
            variant={item.state === 'not visited' ? 'outlined' : 'contained'}
            color={colours[item.state]}
            aria-label={paletteLabel(index, item)}
            aria-current={index === current ? 'step' : undefined}
            onClick={() => onGo(index)}
            sx={{
              minWidth: 0,
              outline: index === current ? '2px solid' : 'none',
              outlineOffset: 2,
              boxShadow: item.marked ? 'inset 0 -4px 0 0 #7b1fa2' : undefined,
            }}
          >
            {index + 1}
            {item.marked ? '★' : ''}
          </Button>
        ))}
      </Box>
      <Box component="ul" aria-label="Legend" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {legend.map(([label, value]) => (
          <Typography component="li" variant="body2" key={label}>
            {label}: {value}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}
