import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageContainerProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every screen in the full layout: a heading row and the content. */
export function PageContainer({ title, actions, children }: PageContainerProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography id="page-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
