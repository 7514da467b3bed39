import ICAL from 'ical.js';

/** The events of an iCalendar text, for tests that read a written file back. */
export function icsEvents(text: string): { component: InstanceType<typeof ICAL.Component>; event: InstanceType<typeof ICAL.Event> }[] {
  const parsed: unknown = ICAL.parse(text);
  if (!Array.isArray(parsed)) throw new Error('not one iCalendar object');
  return new ICAL.Component(parsed).getAllSubcomponents('vevent').map((component) => ({ component, event: new ICAL.Event(component) }));
}
