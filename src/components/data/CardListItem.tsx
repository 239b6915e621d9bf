// One card of a learner's list (a test, an assignment): its title with badges, the details
// under it, and what the learner may do, wrapping on narrow screens.
import type { ElementType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';

interface CardListItemProps {
  /** Names the item (aria-labelledby) and its heading. */
  titleId: string;
  title: string;
  /** The heading's level on its page. */
  heading: ElementType;
  badges: ReactNode;
  /** The details under the title. */
  children: ReactNode;
  actions: ReactNode;
}

export function CardListItem(props: CardListItemProps) {
  const { titleId, title, heading, badges, children, actions } = props;
  return (
    <ListItem
      divider
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', py: 2 }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography id={titleId} variant="h6" component={heading}>
            {title}
          </Typography>
          {badges}
        </Box>
        {children}
      </Box>
      {actions}
    </ListItem>
  );
}
