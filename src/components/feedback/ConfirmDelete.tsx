// "Delete …?" for the record a list's Delete chose: open while one is chosen, deleting it on Confirm.
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

interface ConfirmDeleteProps<T> {
  /** The record to delete; none: the dialog is closed. */
  record: T | null;
  title: string;
  message: ReactNode;
  /** Deletes the record; a rejection keeps the dialog open with its message. */
  onDelete: (record: T) => Promise<unknown>;
  onClose: () => void;
}

export function ConfirmDelete<T>({
  record,
  title,
  message,
  onDelete,
  onClose,
}: ConfirmDeleteProps<T>) {
  return (
    <ConfirmDialog
      open={record !== null}
      title={title}
      message={message}
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={async () => {
        if (record !== null) await onDelete(record);
      }}
    />
  );
}
