import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
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
  /** The institute's name and logo at the top (issue 24). */
  brand?: { name: string; logoUrl: string | null };
}

/** "Sunrise Public School" → "SP": the mini sidebar's mark. */
const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

export function Sidebar(props: SidebarProps) {
  const { items, selectedId, width, mini, topbarHeight, variant, open, onClose } = props;
  const brand = props.brand ?? { name: 'Learning Portal', logoUrl: null };
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
        {brand.logoUrl ? (
          <Box
            component="img"
            src={brand.logoUrl}
            alt=""
            sx={{
              height: 32,
              width: mini ? 32 : 'auto',
              maxWidth: 64,
              objectFit: 'contain',
              mr: mini ? 0 : 1,
            }}
          />
        ) : null}
        {mini && brand.logoUrl ? null : (
          <Typography variant="h6" component="span" color="primary" noWrap>
            {mini ? initials(brand.name) : brand.name}
          </Typography>
        )}
      </Box>
      <nav aria-label="Main menu">
        <List sx={{ px: mini ? 1 : 2 }}>
          {items.map((item) => {
            const button = (
              <ListItemButton
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
            // Each link sits in its own list item: a <ul> may only hold <li> children (axe: list).
            return (
              <ListItem key={item.id} disablePadding sx={{ display: 'block' }}>
                {mini ? (
                  <Tooltip title={item.title} placement="right">
                    {button}
                  </Tooltip>
                ) : (
                  button
                )}
              </ListItem>
            );
          })}
        </List>
      </nav>
    </Drawer>
  );
}
