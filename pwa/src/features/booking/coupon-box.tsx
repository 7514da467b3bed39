import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/text-field';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/api-error';

/** The coupon code box; the server checks codes (none exist yet, so every code is invalid). */
export function CouponBox() {
  const [code, setCode] = useState('');
  const check = useMutation({ mutationFn: (value: string) => api('/coupons/validate', { method: 'POST', body: { code: value } }) });
  const error = check.isError ? messageOf(check.error) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    check.mutate(code);
  };

  return (
    <form className="coupon-box" aria-label="Coupon" noValidate onSubmit={onSubmit}>
      <TextField
        label="Coupon code"
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          check.reset();
        }}
      />
      <button type="submit" className="button button-secondary" disabled={check.isPending}>
        Apply
      </button>
    </form>
  );
}
