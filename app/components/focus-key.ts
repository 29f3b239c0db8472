// A part of a page drawn again with other components (the machine queue's table once dnd-kit has arrived, decision
// 0050) is a new set of elements: the one a keyboard user had focused is gone, and focus falls back to the page's
// start. These name the focused control in words that survive the redraw, and find it again afterwards.

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

const keyOf = (el: Element) =>
  [el.tagName, el.getAttribute("aria-label"), el.getAttribute("href"), el.getAttribute("name"), el.getAttribute("value"), el.textContent?.trim()].join(
    "\u0000",
  );

/** The focused control inside `container`, named so it can be found after a redraw; null when focus is elsewhere. */
export function focusKeyIn(container: HTMLElement | null): string | null {
  const el = document.activeElement;
  return container && el && el !== container && container.contains(el) ? keyOf(el) : null;
}

/** Focuses the control inside `container` that `key` names, if it is still there, without scrolling the page. */
export function refocus(container: HTMLElement | null, key: string | null) {
  if (!container || !key || (document.activeElement && container.contains(document.activeElement) && keyOf(document.activeElement) === key)) return;
  for (const el of container.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (keyOf(el) === key) {
      el.focus({ preventScroll: true });
      return;
    }
  }
}
