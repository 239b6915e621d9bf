import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';

interface TopbarProps {
  height: number;
  userName: string;
  userEmail: string;
  roleNames: string[];
  avatarUrl?: string | null;
  onToggleSidebar: () => void;
  onSignOut: () => void;
  /** Extra buttons of the top bar (the appearance customizer, notifications, ...). */
  actions?: ReactNode;
}

export function Topbar(props: TopbarProps) {
  const { height, userName, userEmail, roleNames, avatarUrl, onToggleSidebar, onSignOut, actions } =
    props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const roleText = roleNames.join(', ');
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      // The divider is drawn inside the bar, so the bar is exactly `height` tall.
      sx={{ boxShadow: (theme) => `inset 0 -1px 0 ${theme.palette.divider}` }}
    >
      <Toolbar sx={{ minHeight: `${height}px !important`, height, gap: 1 }}>
        <IconButton edge="start" aria-label="Toggle menu" onClick={onToggleSidebar}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        <IconButton
          aria-label="Account menu"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Avatar src={avatarUrl ?? undefined} alt={userName} sx={{ width: 34, height: 34 }}>
            {userName.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle1" component="p">
              {userName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {userEmail}
            </Typography>
            <Typography variant="body2" color="primary" data-testid="role-names">
              {roleText}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onSignOut();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Sign out
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
