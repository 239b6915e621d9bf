import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';

/** The layout of the /auth/* screens: the header (the institute's name), then the screen, centred. */
export function BlankLayout({ header }: { header?: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      {header}
      <Outlet />
    </Box>
  );
}
