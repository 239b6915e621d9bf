import { PlainLink } from '../../components/plain/PlainControls';
import { styled } from '@mui/material/styles';

const Row = styled('div')({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: 8,
});

/**
 * Two links under a sign-in form, one at each end (sign in / reset / register). Native links in
 * the theme's look: they are on the sign-in page, the first visit (issue 25).
 */
export function AuthLinks({
  links,
}: {
  links: ReadonlyArray<readonly [to: string, label: string]>;
}) {
  return (
    <Row>
      {links.map(([to, label]) => (
        <PlainLink key={to} to={to}>
          {label}
        </PlainLink>
      ))}
    </Row>
  );
}
