/** Copies text and says so with the spec's alert 'Copied to clipboard!'. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    window.alert('Copied to clipboard!');
  } catch {
    window.alert(`Copying is blocked in this browser. Please copy it by hand: ${text}`);
  }
}

/** Wallet addresses and tags of 10 characters or more show the first 6 and the last 4 (product rules §10.6). */
export function shortCode(code: string): string {
  return code.length >= 10 ? `${code.slice(0, 6)}...${code.slice(-4)}` : code;
}
