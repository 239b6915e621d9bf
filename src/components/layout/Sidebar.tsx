import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { MenuItem } from './menuTypes';
import { visuallyHidden } from '../../theme/visuallyHidden';

interface SidebarProps {
  items: MenuItem[];
  selectedId: string;
  width: number;
  mini: boolean;
  topbarHeight: number;
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose: () => void;
}

export function Sidebar(props: SidebarProps) {
  const { items, selectedId, width, mini, topbarHeight, variant, open, onClose } = props;
  return (
    <Drawer
      variant={variant}
      open={variant === 'permanent' ? true : open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <Box
        sx={{
          height: topbarHeight,
          display: 'flex',
          alignItems: 'center',
          justifyContent: mini ? 'center' : 'flex-start',
          px: mini ? 0 : 3,
        }}
      >
        <Typography variant="h6" component="span" color="primary" noWrap>
          {mini ? 'LP' : 'Learning Portal'}
        </Typography>
      </Box>
      <nav aria-label="Main menu">
        <List sx={{ px: mini ? 1 : 2 }}>
          {items.map((item) => {
            const button = (
              <ListItemButton
                key={item.id}
                component={RouterLink}
                to={item.path}
                selected={item.id === selectedId}
                aria-current={item.id === selectedId ? 'page' : undefined}
                onClick={variant === 'temporary' ? onClose : undefined}
                sx={{
                  borderRadius: 1,
                  mb: 0.5,
                  justifyContent: mini ? 'center' : 'flex-start',
                  minHeight: 44,
                }}
              >
                <ListItemIcon sx={{ minWidth: mini ? 0 : 40, justifyContent: 'center' }}>
                  {item.icon}
                </ListItemIcon>
                {mini ? (
                  <Box component="span" sx={visuallyHidden}>
                    {item.title}
                  </Box>
                ) : (
                  <ListItemText primary={item.title} />
                )}
              </ListItemButton>
            );
            return mini ? (
              <Tooltip key={item.id} title={item.title} placement="right">
                {button}
              </Tooltip>
            ) : (
              button
            );
          })}
        </List>
      </nav>
    </Drawer>
  );
}
