/** '840 kB', '2.4 MB': a file's size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}

/** A PDF shown as a document: its badge, name and size (no preview of its pages). */
export function DocumentChip({ name, size }: { name: string; size: number }) {
  return (
    <p className="document-chip">
      <span className="document-chip-badge">PDF</span>
      <span className="document-chip-name">{name}</span>
      <span className="document-chip-size">{formatFileSize(size)}</span>
    </p>
  );
}
