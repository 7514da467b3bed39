import { useRef, useState, type FormEvent } from 'react';
import { useToast } from '../ui/use-toast';
import { messageOf, UNKNOWN_ERROR } from '../../lib/api-error';
import { hasErrors, type FieldErrors } from './form-errors';

type UseFormArgs<T extends Record<string, string>> = {
  initial: T;
  validate: (values: T) => FieldErrors<T>;
  submit: (values: T) => Promise<unknown>;
  /** Product rules §10.11: the text shown when a call fails without a message of its own. */
  fallbackError?: string;
};

/**
 * Field state for a dashboard form: the spec's validation texts beside the fields (focus goes to the
 * first), and a failed call as an error toast with the server's text.
 */
export function useForm<T extends Record<string, string>>({ initial, validate, submit, fallbackError }: UseFormArgs<T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [busy, setBusy] = useState(false);

  const set = (name: keyof T & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = Object.keys(found).find((name) => found[name as keyof T & string]);
      const control = first ? formRef.current?.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setBusy(true);
    try {
      await submit(values);
    } catch (error) {
      const message = messageOf(error);
      toast.error(fallbackError && message === UNKNOWN_ERROR ? fallbackError : message);
    } finally {
      setBusy(false);
    }
  };

  return { formRef, values, set, setValues, field, errors, busy, onSubmit };
}
