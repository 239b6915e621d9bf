// The create-or-edit form of a person (a learner, a faculty member, a user): a RecordFormDialog
// that starts with their name, email and (optionally) mobile number, checked (a name, a valid
// email, ten digits with an optional +91), then the person's own fields.
import type { ComponentProps, ReactNode } from 'react';
import { TextInput } from './TextInput';
import { RecordFormDialog, type Problems } from './RecordFormDialog';

export interface ContactValues {
  name: string;
  email: string;
  mobile: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of the contact fields (`name`, `email`, `mobile`). */
function contactProblems(values: ContactValues, nameMissing = 'Name is required.'): Problems {
  const problems: Problems = {};
  if (!values.name.trim()) problems.name = nameMissing;
  if (!EMAIL.test(values.email.trim())) problems.email = 'A valid email is required.';
  const digits = values.mobile.replace(/\s+/g, '').replace(/^\+91/, '');
  if (values.mobile.trim() && !/^\d{10}$/.test(digits))
    problems.mobile = 'The mobile number must be 10 digits.';
  return problems;
}

interface ContactFieldsProps {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  nameLabel?: string;
  emailHelp?: string;
  /** Asks for the mobile number too. */
  withMobile?: boolean;
  /** Said when the name is missing. */
  nameMissing?: string;
}

function ContactFields(props: ContactFieldsProps & { shown: Problems }) {
  const { values, onChange, shown, nameLabel = 'Name', emailHelp, withMobile = true } = props;
  const set = (field: keyof ContactValues) => (text: string) =>
    onChange({ ...values, [field]: text });
  return (
    <>
      <TextInput
        label={nameLabel}
        value={values.name}
        onChange={set('name')}
        required
        autoFocus
        problem={shown.name}
      />
      <TextInput
        label="Email"
        type="email"
        value={values.email}
        onChange={set('email')}
        required
        problem={shown.email}
        helperText={emailHelp}
      />
      {withMobile ? (
        <TextInput
          label="Mobile number"
          type="tel"
          value={values.mobile}
          onChange={set('mobile')}
          problem={shown.mobile}
        />
      ) : null}
    </>
  );
}

type RecordFormProps = ComponentProps<typeof RecordFormDialog>;

interface PersonFormDialogProps extends Omit<RecordFormProps, 'problems'> {
  contact: ContactFieldsProps;
  /** The problems of the person's other fields. */
  problems?: Problems;
  /** Above the contact fields (an avatar). */
  header?: ReactNode;
}

export function PersonFormDialog(props: PersonFormDialogProps) {
  const { contact, problems, header, children, ...form } = props;
  return (
    <RecordFormDialog
      {...form}
      problems={{ ...contactProblems(contact.values, contact.nameMissing), ...problems }}
    >
      {(shown) => (
        <>
          {header}
          <ContactFields {...contact} shown={shown} />
          {children(shown)}
        </>
      )}
    </RecordFormDialog>
  );
}
