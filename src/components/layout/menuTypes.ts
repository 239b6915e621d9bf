import type { ReactNode } from 'react';

export interface MenuItem {
  id: string;
  title: string;
  path: string;
  icon: ReactNode;
}
