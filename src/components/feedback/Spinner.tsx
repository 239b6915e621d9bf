import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { styled } from '@mui/material/styles';

// A ring drawn with CSS in the primary colour, rather than MUI's CircularProgress: the spinner is
// what the first visit shows while the store rehydrates and the sign-in screen's code loads, and
// CircularProgress weighed 1.5 KB gzip of it (issue 25). Same size (40px) and role.
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const Ring = styled('span')(({ theme }) => ({
  display: 'inline-block',
  width: 40,
  height: 40,
  borderRadius: '50%',
  border: `4px solid ${theme.palette.action.disabledBackground}`,
  borderTopColor: theme.palette.primary.main,
  animation: `${spin} 0.8s linear infinite`,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
}));

/** Shown while a screen's code or data loads. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240 }}
    >
      <Ring role="progressbar" aria-label={label} />
    </Box>
  );
}
