import { useEffect, useRef } from 'react';

// Keyboard-first: single-key shortcuts (n, p, /, 1–9) for people who work in the app all day. They do
// nothing while the broker types in a field or holds a modifier, so text is never hijacked.

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

export function useShortcut(
  key: string | readonly string[],
  handler: (event: KeyboardEvent) => void,
  enabled = true,
): void {
  const latest = useRef(handler);
  // Compared by content: callers may pass a fresh array on every render.
  const keyText = typeof key === 'string' ? key : key.join('\n');
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const keys = keyText.split('\n');
    const listener = (event: KeyboardEvent) => {
      if (!keys.includes(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || event.defaultPrevented) return;
      // A dialog open on top owns the keyboard.
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      latest.current(event);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [keyText, enabled]);
}
