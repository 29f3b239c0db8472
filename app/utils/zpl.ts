// ZPL II for a 2 in × 2 in label (issue "Step 9"): the item's QR code (spec §9 payload) above the item, project
// and material, sized for the printer's resolution. Text goes through ^FH hex escapes, so a '^' or '~' in a name
// cannot end a field or start a command.

export type ZplLabel = { payload: string; itemName: string; projectName: string; material: string };

/** Field data with ZPL's control characters (and the escape character itself) written as _hh. */
export function zplText(text: string, max = 60): string {
  const clean = [...text.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ")].slice(0, max).join("");
  return clean.replace(/[\^~_\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** One label: ^XA … ^XZ. `dpi` is 203 or 300 (dots per inch: a 2 in label is 406 or 600 dots). */
export function labelZpl(label: ZplLabel, dpi: 203 | 300): string {
  const size = dpi === 300 ? 600 : 406;
  const scale = size / 406;
  const dots = (n: number) => Math.round(n * scale);
  // ^BQ magnification: the symbol (version 3–6 for a URL, 29–41 modules) takes about 60 % of the label's width.
  const magnification = dpi === 300 ? 7 : 5;
  const lines = [
    "^XA",
    "^CI28", // UTF-8 text
    `^PW${size}`,
    `^LL${size}`,
    "^LH0,0",
    `^FO${dots(90)},${dots(8)}^BQN,2,${magnification}^FDMA,${label.payload}^FS`,
    `^FO${dots(10)},${dots(300)}^FB${dots(386)},1,0,C^A0N,${dots(30)},${dots(30)}^FH_^FD${zplText(label.itemName)}^FS`,
    `^FO${dots(10)},${dots(338)}^FB${dots(386)},1,0,C^A0N,${dots(24)},${dots(24)}^FH_^FD${zplText(label.projectName)}^FS`,
    `^FO${dots(10)},${dots(368)}^FB${dots(386)},1,0,C^A0N,${dots(24)},${dots(24)}^FH_^FD${zplText(label.material)}^FS`,
    "^XZ",
  ];
  return lines.join("\n") + "\n";
}
