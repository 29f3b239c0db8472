import { t } from "@lingui/core/macro";

// Text-direction controls (Unicode's Bidi_Control characters: the overrides, embeddings and isolates U+202A–U+202E
// and U+2066–U+2069, and the marks U+200E, U+200F and U+061C) are invisible and change how the text around them
// shows: a file named 'Invoice\u202Efdp.exe' shows as 'Invoiceexe.pdf', a member's name (with a mark alone, too)
// can pass for another's in the audit trail, and an unclosed override flips the rest of a sentence it is shown in.
// No name or label in a sign shop needs them, so text that holds one is refused (a file name from a browser is
// cleaned instead).
// Plain right-to-left text (Arabic, Hebrew) needs none of them and is unaffected.

export const BIDI_CONTROLS = /\p{Bidi_Control}/u;
const ALL_BIDI_CONTROLS = /\p{Bidi_Control}/gu;

export const bidiMessage = () =>
  t`This text contains hidden text-direction characters (often pasted along with text from another app) that make it show differently from what is saved. Type it again instead of pasting it.`;

export const hasBidiControls = (s: string) => BIDI_CONTROLS.test(s);

/** The text without them: for names the app does not ask for (a file's name as the browser sends it). */
export const withoutBidiControls = (s: string) => s.replace(ALL_BIDI_CONTROLS, "");
