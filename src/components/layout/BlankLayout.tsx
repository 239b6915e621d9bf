import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';

/** The layout of the /auth/* screens: nothing but the screen, centred. */
export function BlankLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Outlet />
    </Box>
  );
}
