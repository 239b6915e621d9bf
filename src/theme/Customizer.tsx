// The top bar's appearance drawer: the appearance choices (AppearanceControls) in a side panel.
import CloseIcon from '@mui/icons-material/Close';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AppearanceControls } from './AppearanceControls';

const CUSTOMIZER_WIDTH = 320;

export interface CustomizerProps {
  open: boolean;
  onClose: () => void;
}

/** The appearance settings drawer. Every control applies its change immediately. */
export function Customizer({ open, onClose }: CustomizerProps) {
  const titleId = `${useId()}-title`;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: CUSTOMIZER_WIDTH, maxWidth: '100vw' },
        },
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5 }}
      >
        <Typography id={titleId} component="h2" variant="h5">
          Settings
        </Typography>
        <IconButton aria-label="Close settings" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2.5 }}>
        <AppearanceControls />
      </Box>
    </Drawer>
  );
}

export type CustomizerButtonProps = Omit<IconButtonProps, 'onClick' | 'aria-label' | 'children'>;

/** Top-bar button that opens the appearance settings drawer. */
export function CustomizerButton({ color = 'inherit', ...props }: CustomizerButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Appearance settings">
        <IconButton
          {...props}
          color={color}
          aria-label="Open appearance settings"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Customizer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
