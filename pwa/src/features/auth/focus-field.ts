/** Moves focus to the named control of a form, for the first field that failed validation. */
export function focusField(form: HTMLFormElement | null, name: string | undefined): void {
  if (!form || !name) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
