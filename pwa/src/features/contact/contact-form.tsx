import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ContactBodySchema } from '../../../../sync/schemas/contact';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/api-error';

type Values = { name: string; email: string; mobile: string; message: string; terms: boolean };
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { name: '', email: '', mobile: '', message: '', terms: false };
const isField = (key: unknown): key is keyof Values => typeof key === 'string' && key in EMPTY;

function errorsOf(values: Values): Errors {
  const parsed = ContactBodySchema.safeParse(values);
  const errors: Errors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0];
    if (isField(key)) errors[key] ??= issue.message;
  }
  return errors;
}

/** The message form: checked with the server's schema, stored by the server and mailed to the operator. */
export function ContactForm({ defaultEmail }: { defaultEmail: string }) {
  const [values, setValues] = useState<Values>({ ...EMPTY, email: defaultEmail });
  const [errors, setErrors] = useState<Errors>({});
  const ids = useId();
  const toast = useToast();
  const send = useMutation({
    mutationFn: (body: Values) => api<{ message: string }>('/contact', { method: 'POST', body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      setValues({ ...EMPTY, email: defaultEmail });
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(values);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate(values);
  };

  return (
    <form className="contact-form" aria-label="Send us a message" noValidate onSubmit={onSubmit}>
      <TextField label="Name" autoComplete="name" value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
      <TextField label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />
      <TextField label="Mobile" type="tel" autoComplete="tel" value={values.mobile} error={errors.mobile} onChange={(e) => set('mobile', e.target.value)} />
      <div className="field">
        <label htmlFor={`${ids}-message`} className="field-label">
          Message
        </label>
        <textarea
          id={`${ids}-message`}
          className="field-input"
          rows={5}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids}-message-error` : undefined}
          onChange={(e) => set('message', e.target.value)}
        />
        {errors.message && (
          <p id={`${ids}-message-error`} className="field-error">
            {errors.message}
          </p>
        )}
      </div>
      <div className="field">
        <label className="contact-terms">
          <input type="checkbox" checked={values.terms} aria-invalid={errors.terms ? true : undefined} onChange={(e) => set('terms', e.target.checked)} /> I
          agree to the <Link to="/terms">terms and conditions</Link>
        </label>
        {errors.terms && <p className="field-error">{errors.terms}</p>}
      </div>
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
