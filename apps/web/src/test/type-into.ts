import { fireEvent } from '@testing-library/react';

/**
 * Puts `value` into a field the way a browser reports typing: an `input` event, then a `change` event.
 * The app runs on Preact's React layer (ADR 0043), whose onChange on a text field listens to `input` (as
 * React's does) but, unlike React, not to `change`; a select's onChange listens to `change` on both.
 */
export function typeInto(element: HTMLElement, value: string): void {
  fireEvent.input(element, { target: { value } });
  fireEvent.change(element, { target: { value } });
}
