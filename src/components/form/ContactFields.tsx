// A person's name, email and (optionally) mobile number as the people forms ask for them, and
// what is wrong with them: a name, a valid email, ten digits (an optional +91 aside).
import { TextInput } from './TextInput';
import type { Problems } from './RecordFormDialog';

export interface ContactValues {
  name: string;
  email: string;
  mobile: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of the contact fields (`name`, `email`, `mobile`). */
export function contactProblems(
  values: ContactValues,
  nameMissing = 'Name is required.',
): Problems {
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
  shown: Problems;
  nameLabel?: string;
  emailHelp?: string;
  /** Asks for the mobile number too. */
  withMobile?: boolean;
}

export function ContactFields(props: ContactFieldsProps) {
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
