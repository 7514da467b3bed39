import { Spinner } from './spinner';

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} showLabel={label !== undefined} />
    </div>
  );
}
