import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { MAX_SHEET_POSITIONS, PAPERS, paperName, sheetPositions, type Paper } from "~/domain/label-sheets";
import { btn, inputClass } from "../ui";

/**
 * 'Labels on sheets…': a GET form to the sheet PDF, opened in a new tab, with JavaScript or
 * without. Without JavaScript the position list is the longest paper's and names the positions only US Letter has
 * (the PDF route refuses them on A4 with a sentence); with JavaScript it follows the chosen paper. It sits in a
 * Popover.
 */
export function SheetLabelsForm({ action }: { action: string }) {
  const { t } = useLingui();
  const [paper, setPaper] = useState<Paper>("letter");
  const [start, setStart] = useState("1");
  const positions = sheetPositions(paper);
  const onlyOn = (n: number) => PAPERS.filter((p) => sheetPositions(p) >= n);
  return (
    // biome-ignore lint/security/noBlankTarget: our own GET form opening the label PDF in a new tab; no other site is opened
    <form method="get" action={action} target="_blank" className="space-y-3">
      <input type="hidden" name="layout" value="sheet" />
      <div>
        <label htmlFor="sheet-paper" className="block text-sm font-medium text-ink">
          {t`Paper`}
        </label>
        <select
          id="sheet-paper"
          name="paper"
          value={paper}
          onChange={(e) => {
            const next = e.target.value as Paper;
            setPaper(next);
            if (Number(start) > sheetPositions(next)) setStart(String(sheetPositions(next)));
          }}
          className={inputClass}
        >
          {PAPERS.map((p) => (
            <option key={p} value={p}>
              {t`${paperName(p)} (${sheetPositions(p)} labels)`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="sheet-start" className="block text-sm font-medium text-ink">
          {t`First free position (1 = top left)`}
        </label>
        <select id="sheet-start" name="start" value={start} onChange={(e) => setStart(e.target.value)} className={inputClass}>
          {Array.from({ length: MAX_SHEET_POSITIONS }, (_, i) => i + 1).map((n) => {
            const papers = onlyOn(n);
            return (
              <option key={n} value={n} disabled={n > positions}>
                {papers.length < PAPERS.length ? t`${n} (${papers.map((p) => paperName(p)).join(", ")} only)` : n}
              </option>
            );
          })}
        </select>
      </div>
      <button type="submit" className={`${btn.primary} w-full`}>
        {t`Open the sheet PDF`}
      </button>
    </form>
  );
}
