import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { useActionData } from "react-router";

// A dialog whose form gets an error shows it, however long the form and small the screen (decision 0021):
// the first error is scrolled into view and focused — the field, as conform does, or the form's own message when
// the refusal is about the whole record ('This project was changed by someone else…', a PIN already in use).
// With JavaScript the dialog does it when an answer comes back refused or the browser-side check refuses a send;
// without JavaScript the dialog is a panel on a page drawn afresh, and the browser's own autofocus does it.

const InPanel = createContext(false);

/** The content of a dialog drawn without JavaScript: its error messages ask for the browser's autofocus. */
export function ErrorFocusPanel({ children }: { children: ReactNode }) {
  return <InPanel.Provider value={true}>{children}</InPanel.Provider>;
}

/**
 * Props for an error message (a field's or a form's). In a panel drawn without JavaScript every message carries
 * `autofocus`: the browser focuses the first one in the page when it loads, ignores the rest, and scrolls it into
 * view, so the page drawn after a refused post opens on its first error. With JavaScript, nothing.
 */
export function useErrorFocusProps(): { tabIndex?: number; autoFocus?: boolean } {
  return useContext(InPanel) ? { tabIndex: -1, autoFocus: true } : {};
}

const INVALID_FIELD = '[aria-invalid="true"]';
const ANY_ERROR = `[role="alert"], ${INVALID_FIELD}`;

const shown = (el: Element) => el.getClientRects().length > 0;

/**
 * Brings the first error inside `root` (document order) into view. An invalid field is focused and scrolled to with
 * its message; a form's message is focused (it takes tabindex -1) unless the person is already elsewhere.
 */
export function revealFirstError(root: HTMLElement | null, selector = ANY_ERROR) {
  if (!root) return;
  const first = [...root.querySelectorAll<HTMLElement>(selector)].find((el) => shown(el) || el.matches(INVALID_FIELD));
  if (!first) return;
  if (first.matches(INVALID_FIELD)) {
    const message = first
      .getAttribute("aria-describedby")
      ?.split(/\s+/)
      .map((id) => document.getElementById(id))
      .find((el) => el && shown(el));
    if (shown(first)) {
      first.focus({ preventScroll: true });
      first.scrollIntoView({ block: "center" });
    }
    // A field whose message sits below a long group (checkboxes, a sequence) gets that message shown too.
    message?.scrollIntoView({ block: "nearest" });
    return;
  }
  const active = document.activeElement;
  if (!active || active === document.body || root.contains(active)) {
    if (!first.hasAttribute("tabindex")) first.tabIndex = -1;
    first.focus({ preventScroll: true });
  }
  first.scrollIntoView({ block: "center" });
}

/**
 * For a dialog's content element (`ref`, and `onSubmitCapture` on it): when an action's answer comes back and the
 * dialog is still open (a refusal: a saved form closes its dialog), or when the browser-side check refused a send
 * (conform has moved the focus to an invalid field), the first error is brought into view.
 */
export function useFirstErrorInView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // Each answer is a new object; the rendered navigation state is no signal (React may never draw 'submitting'
  // when the answer is quick).
  const answer = useActionData();
  useEffect(() => {
    if (!answer) return;
    // A frame later: a dialog that opens with the answer (its portal) has drawn its content by then.
    const frame = requestAnimationFrame(() => revealFirstError(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [answer]);
  const onSubmitCapture = () => {
    const before = document.activeElement;
    // After the submit event: conform's check has run and, when it refused, focused the first invalid field.
    setTimeout(() => {
      const now = document.activeElement;
      if (now !== before && now instanceof HTMLElement && ref.current?.contains(now) && now.matches(INVALID_FIELD))
        revealFirstError(ref.current, INVALID_FIELD);
    }, 0);
  };
  return { ref, onSubmitCapture };
}

/** A form's own message (role=alert), e.g. a refusal about the whole record: in a dialog, its first error. */
export function FormAlert({ id, className, children }: { id?: string; className: string; children: ReactNode }) {
  const focus = useErrorFocusProps();
  return (
    <div id={id} role="alert" className={className} {...focus}>
      {children}
    </div>
  );
}
