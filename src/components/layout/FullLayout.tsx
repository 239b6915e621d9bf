import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Sidebar } from './Sidebar';
import { Topbar } from './Topbar';
import type { MenuItem } from './menuTypes';

export interface LayoutSizes {
  sidebarWidth: number;
  miniSidebarWidth: number;
  topbarHeight: number;
}

interface FullLayoutProps {
  menu: MenuItem[];
  selectedMenuId: string;
  sizes: LayoutSizes;
  user: { name: string; email: string; roleNames: string[]; avatarUrl?: string | null };
  onSignOut: () => void;
  topbarActions?: ReactNode;
  /** Rendered above the page content (global messages, dialogs). */
  overlays?: ReactNode;
  /** The routed screen. */
  children: ReactNode;
  /** Hides the sidebar and the top bar (a test being taken shows nothing else). */
  chromeHidden?: boolean;
  /** The institute's name and logo in the sidebar (issue 24). */
  brand?: { name: string; logoUrl: string | null };
}

/** Sidebar (full or mini), top bar and the routed screen. */
export function FullLayout(props: FullLayoutProps) {
  const { menu, selectedMenuId, sizes, user, onSignOut, topbarActions, overlays, children } = props;
  const { chromeHidden = false } = props;
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [mini, setMini] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = isDesktop && mini ? sizes.miniSidebarWidth : sizes.sidebarWidth;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {chromeHidden ? null : (
        <Sidebar
          items={menu}
          selectedId={selectedMenuId}
          width={width}
          mini={isDesktop && mini}
          topbarHeight={sizes.topbarHeight}
          variant={isDesktop ? 'permanent' : 'temporary'}
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          brand={props.brand}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {chromeHidden ? null : (
          <Topbar
            height={sizes.topbarHeight}
            userName={user.name}
            userEmail={user.email}
            roleNames={user.roleNames}
            avatarUrl={user.avatarUrl}
            onToggleSidebar={() => (isDesktop ? setMini((m) => !m) : setMobileOpen((o) => !o))}
            onSignOut={onSignOut}
            actions={topbarActions}
          />
        )}
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          {children}
        </Box>
      </Box>
      {overlays}
    </Box>
  );
}
