import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

// A native <section> in the look of MUI's Card (paper, the theme's radius, elevation 3): the card
// is on the sign-in page, the first visit, where MUI's Card and Paper weighed 2 KB gzip for a box
// (issue 25). Typography is already on the page (the institute's header).
const Card = styled('section')(({ theme }) => ({
  width: '100%',
  maxWidth: 440,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[3],
  padding: theme.spacing(3),
  [theme.breakpoints.up('sm')]: { padding: theme.spacing(4) },
}));

/** The card every /auth/* screen sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      ) : null}
      {children}
    </Card>
  );
}
