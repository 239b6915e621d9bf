// One section of the settings page (change password, notifications, diagnostics): an outlined
// card named by its heading, so every section reads and is announced the same way (issue 19).
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export function SettingsCard({
  headingId,
  title,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
