// The reports' print styles: on paper the controls, the menu and the top bar hide, tables unfold.
import GlobalStyles from '@mui/material/GlobalStyles';

export const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.no-print, header, nav, .MuiDrawer-root, .MuiTablePagination-root': { display: 'none' },
        '.print-table': { overflow: 'visible !important' },
      },
    }}
  />
);
