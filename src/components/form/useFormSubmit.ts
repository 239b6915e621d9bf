// The save of a form dialog: whether it was submitted (problems show from then on), whether the
// save runs, the server's message; and the one way it saves: stop on a problem, write, close.
import { useState } from 'react';
import { errorMessage } from '../../lib/strapi';

export function useFormSubmit(onClose: () => void) {
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (blocked: boolean, write: () => Promise<unknown>) => {
    setTouched(true);
    if (blocked) return;
    setSaving(true);
    setError(null);
    try {
      await write();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return {
    /** The form was submitted once: its fields show their problems. */
    touched,
    /** A field's problem once the form was submitted (none before). */
    shown: (problem: string | null | undefined) => (touched ? (problem ?? null) : null),
    /**
     * Marks the form submitted; unless `blocked` (a field's problem, an upload still running),
     * runs `write`, then closes, or keeps the dialog open with the failure's message.
     */
    submit: (blocked: boolean, write: () => Promise<unknown>) => void run(blocked, write),
    /** FormDialog's saving, error and onClose. */
    dialog: { saving, error, onClose },
  };
}
