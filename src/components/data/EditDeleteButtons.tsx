// A record's Edit and Delete buttons; their accessible names name the record ("Edit subject Physics").
import Button from '@mui/material/Button';

interface RecordButtonProps {
  /** The record as the button's name ends ("subject Physics"); none: the button's word only. */
  name?: string;
  onClick: () => void;
  disabled?: boolean;
}

/** "Edit" or "Delete" (in the error colour) for one record. */
function RecordButton({ action, name, onClick, disabled }: RecordButtonProps & { action: string }) {
  return (
    <Button
      size="small"
      color={action === 'Delete' ? 'error' : 'primary'}
      onClick={onClick}
      disabled={disabled}
      aria-label={name ? `${action} ${name}` : undefined}
    >
      {action}
    </Button>
  );
}

export const EditButton = (props: RecordButtonProps) => <RecordButton action="Edit" {...props} />;

export const DeleteButton = (props: RecordButtonProps) => (
  <RecordButton action="Delete" {...props} />
);

interface EditDeleteButtonsProps {
  /** The record as the buttons' names end ("subject Physics"); none: the buttons' words only. */
  name?: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function EditDeleteButtons({ name, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <>
      <EditButton name={name} onClick={onEdit} />
      <DeleteButton name={name} onClick={onDelete} />
    </>
  );
}
