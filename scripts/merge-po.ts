// A git merge driver for the translation catalogs (app/locales/*/*.po, .gitattributes): two branches that each
// added messages or translations touch neighbouring lines of a file sorted by message, which git's line merge
// reports as a conflict. This merges them entry by entry instead: an entry one side removed and the other left as
// it was goes; a translation one side filled in is kept. `npm run i18n:extract` afterwards writes the file as
// Lingui does. Set up once per clone:
//   git config merge.po.driver "node_modules/.bin/bun scripts/merge-po.ts %O %A %B"
import { readFileSync, writeFileSync } from "node:fs";
import { type PoItem, parsePo, stringifyPo } from "pofile-ts";

const [basePath, oursPath, theirsPath] = process.argv.slice(2);
if (!basePath || !oursPath || !theirsPath) {
  console.error("usage: merge-po.ts BASE OURS THEIRS (writes the merge to OURS)");
  process.exit(2);
}
const read = (file: string) => parsePo(readFileSync(file, "utf8"));
const key = (item: PoItem) => `${item.msgctxt ?? ""}\u0004${item.msgid}`;
const same = (a: PoItem, b: PoItem) => JSON.stringify(a.msgstr) === JSON.stringify(b.msgstr);
const translated = (item: PoItem) => item.msgstr.some((s) => s !== "");

const base = new Map(read(basePath).items.map((i) => [key(i), i]));
const oursFile = read(oursPath);
const ours = new Map(oursFile.items.map((i) => [key(i), i]));
const theirs = new Map(read(theirsPath).items.map((i) => [key(i), i]));

const merged: PoItem[] = [];
let disagreements = 0;
for (const k of new Set([...ours.keys(), ...theirs.keys()])) {
  const o = ours.get(k);
  const t = theirs.get(k);
  const b = base.get(k);
  if (!o || !t) {
    const kept = (o ?? t)!;
    // In the base and gone on one side: removed there, unless the side that kept it changed it.
    if (b && same(b, kept)) continue;
    merged.push(kept);
    continue;
  }
  const item = { ...o, references: [...new Set([...o.references, ...t.references])].sort() };
  if (!translated(o) && translated(t)) item.msgstr = t.msgstr;
  else if (translated(o) && translated(t) && !same(o, t)) {
    // Both translated it differently: the side that changed it from the base wins; if both did, ours, and say so.
    if (b && same(b, o)) item.msgstr = t.msgstr;
    else if (!(b && same(b, t))) {
      disagreements++;
      console.error(`merge-po: ${oursPath}: two translations of "${o.msgid}"; kept "${o.msgstr.join(" | ")}"`);
    }
  }
  merged.push(item);
}
merged.sort((a, b) => (a.msgid < b.msgid ? -1 : a.msgid > b.msgid ? 1 : (a.msgctxt ?? "") < (b.msgctxt ?? "") ? -1 : 1));
writeFileSync(oursPath, stringifyPo({ ...oursFile, items: merged }));
process.exit(disagreements > 0 ? 1 : 0);
