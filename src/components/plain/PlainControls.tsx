// The sign-in page's button, message and links on native elements in the theme's look (issue 25,
// "a lighter first visit"): MUI's Button (ButtonBase, the ripple, transitions), Alert and Link
// weighed ~40 KB gzip of the first visit. They read the same theme (colours, radius, type), so
// the page looks like the rest of the app in every colour theme and in dark mode. Every other
// screen keeps MUI's components.
import type { ReactNode } from 'react';
import { darken, lighten, styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

const focusRing = (colour: string) => ({
  '&:focus-visible': { outline: `2px solid ${colour}`, outlineOffset: 2 },
});

/** A full-width contained button in the primary colour (MUI's `variant="contained" size="large"`). */
export const PlainButton = styled('button')(({ theme }) => ({
  ...theme.typography.button,
  fontSize: '0.9375rem',
  textTransform: 'none',
  fontWeight: 600,
  minHeight: 44,
  padding: '8px 22px',
  border: 0,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.primary.dark },
  '&:disabled': {
    cursor: 'default',
    backgroundColor: theme.palette.action.disabledBackground,
    color: theme.palette.text.secondary,
  },
  ...focusRing(theme.palette.primary.main),
}));

/** A link to another route, in the primary colour, underlined (MUI's Link). */
export const PlainLink = styled(RouterLink)(({ theme }) => ({
  ...theme.typography.body1,
  color: theme.palette.primary.main,
  textDecorationColor: 'currentColor',
  textUnderlineOffset: 2,
  borderRadius: 2,
  ...focusRing(theme.palette.primary.main),
}));

const AlertBox = styled('div', {
  shouldForwardProp: (prop) => prop !== 'severity',
})<{ severity: PlainSeverity }>(({ theme, severity }) => {
  const colour = theme.palette[severity].main;
  const light = theme.palette.mode === 'light';
  return {
    ...theme.typography.body2,
    display: 'flex',
    alignItems: 'flex-start',
    gap: 8,
    padding: '6px 6px 6px 16px',
    borderRadius: theme.shape.borderRadius,
    // MUI's standard Alert: the severity's colour, very light behind dark text (and the reverse).
    backgroundColor: light ? lighten(colour, 0.9) : darken(colour, 0.9),
    color: light ? darken(colour, 0.6) : lighten(colour, 0.6),
    '& > p': { margin: 0, padding: '8px 0', flex: 1 },
    '& > button, & > [data-action]': {
      flex: 'none',
      width: 34,
      height: 34,
      marginTop: 1,
      padding: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: 'inherit',
      fontSize: '1.375rem',
      lineHeight: 1,
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      ...focusRing(colour),
    },
    // A text action in the message's colour (MUI's `action={<Button color="inherit">}`).
    '& > [data-action]': {
      width: 'auto',
      height: 'auto',
      alignSelf: 'center',
      padding: '4px 10px',
      borderRadius: theme.shape.borderRadius,
      ...theme.typography.button,
      fontSize: '0.8125rem',
      textTransform: 'none',
    },
  };
});

export type PlainSeverity = 'error' | 'success' | 'info';

/** A message above a form (role "alert", like MUI's Alert), closable when `onClose` is given. */
export function PlainAlert({
  severity,
  onClose,
  action,
  children,
}: {
  severity: PlainSeverity;
  onClose?: () => void;
  /** A button at the end of the message (the error boundary's "Reload"). */
  action?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <AlertBox role="alert" severity={severity}>
      <p>{children}</p>
      {action ? (
        <button type="button" data-action onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
      {onClose ? (
        <button type="button" aria-label="Close" title="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </AlertBox>
  );
}
