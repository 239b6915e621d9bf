// A record's Edit and Delete buttons; their accessible names name the record ("Edit subject Physics").
import Button from '@mui/material/Button';

interface EditDeleteButtonsProps {
  /** The record as the buttons' names end ("subject Physics"); none: the buttons' words only. */
  name?: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function EditDeleteButtons({ name, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <>
      <Button size="small" onClick={onEdit} aria-label={name ? `Edit ${name}` : undefined}>
        Edit
      </Button>
      <Button
        size="small"
        color="error"
        onClick={onDelete}
        aria-label={name ? `Delete ${name}` : undefined}
      >
        Delete
      </Button>
    </>
  );
}
