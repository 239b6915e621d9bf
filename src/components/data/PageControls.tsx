import TablePagination from '@mui/material/TablePagination';

interface PageControlsProps {
  /** Every row on the server, not just this page. */
  total: number;
  /** 1-based, like the API's pagination. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** The pager under a server-paged list: fixed page size, 1-based pages. */
export function PageControls({ total, page, pageSize, onPage }: PageControlsProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_event, zeroBased) => onPage(zeroBased + 1)}
    />
  );
}
