type SpinnerProps = {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  size?: 'small' | 'medium';
  /** Shows the label beside the spinner too (a page or list that is loading says so). */
  showLabel?: boolean;
};

export function Spinner({ label = 'Loading…', size = 'medium', showLabel = false }: SpinnerProps) {
  return (
    <span className={`spinner-wrap spinner-${size}`} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
