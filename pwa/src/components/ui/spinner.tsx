type SpinnerProps = {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  size?: 'small' | 'medium';
};

export function Spinner({ label = 'Loading…', size = 'medium' }: SpinnerProps) {
  return (
    <span className={`spinner-wrap spinner-${size}`} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
