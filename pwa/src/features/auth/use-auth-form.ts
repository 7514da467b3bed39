import { useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../components/ui/use-toast';
import { messageOf } from '../../lib/api-error';
import { focusField } from './focus-field';
import { hasErrors, type FieldErrors } from './validate-auth';

type UseAuthFormArgs<T extends Record<string, string>> = {
  initial: T;
  validate: (values: T) => FieldErrors<T>;
  submit: (values: T) => Promise<unknown>;
};

/** Field state, spec validation shown beside the fields, and server errors as an error toast. */
export function useAuthForm<T extends Record<string, string>>({ initial, validate, submit }: UseAuthFormArgs<T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusField(
        formRef.current,
        Object.keys(found).find((name) => found[name]),
      );
      return;
    }
    setBusy(true);
    try {
      await submit(values);
    } catch (error) {
      toast.error(messageOf(error));
      setBusy(false);
    }
  };

  return { formRef, field, busy, onSubmit };
}
