// One button per question, named by its number and state, with a legend of counts.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { t, useTranslation } from '../../lib/i18n';
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

const STATE_KEY = {
  answered: 'palette.answered',
  'not answered': 'palette.notAnswered',
  'not visited': 'palette.notVisited',
} as const satisfies Record<PaletteState, string>;

export function paletteLabel(index: number, item: PaletteItem): string {
  return [
    t('palette.item', { number: index + 1, state: t(STATE_KEY[item.state]) }),
    item.marked ? t('palette.markedImportant') : null,
    item.checked ? t('palette.checked') : null,
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
  const { t } = useTranslation('exam');
  const count = (state: PaletteState) => items.filter((item) => item.state === state).length;
  const legend = [
    [t('palette.legendAnswered'), count('answered')],
    [t('palette.legendNotAnswered'), count('not answered')],
    [t('palette.legendMarked'), items.filter((item) => item.marked).length],
    [t('palette.legendNotVisited'), count('not visited')],
  ] as const;
  return (
    <Paper variant="outlined" component="nav" aria-labelledby="palette-title" sx={{ p: 2 }}>
      <Typography id="palette-title" component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {t('palette.title')}
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
      <Box
        component="ul"
        aria-label={t('palette.legend')}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}
      >
        {legend.map(([label, value]) => (
          <Typography component="li" variant="body2" key={label}>
            {label}: {value}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}
