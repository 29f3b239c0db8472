import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// Comments and documents point only at what a reader can open in this repository:
// - a `docs/…` path names a file or folder that exists (`docs/product.md §7` is the file `docs/product.md`), and
//   "decision NNNN" names a record in docs/decisions/;
// - no comment or document counts on a numbered issue, step, review or report kept somewhere else: those numbers
//   mean nothing to the next reader. A comment says why, in its own words.

const root = path.join(import.meta.dir, "..", "..");
const SELF = "tests/unit/comments.test.ts";

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const OTHER = /\.(md|css|sql|lua)$/;

function walk(dir: string, keep: RegExp): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.split(path.sep).includes("node_modules"))
    .sort();
}

/** The code and documents that are the project's own: not dependencies, builds or generated type files. */
function sources(): string[] {
  const top = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && (CODE.test(e.name) || e.name === "README.md"))
    .map((e) => e.name);
  const trees = ["app", "server", "scripts", "tests", "db", "public"].flatMap((d) => walk(d, new RegExp(`${CODE.source}|${OTHER.source}`)));
  return [...top, ...trees, ...walk("docs", /\.md$/)];
}

/** Every comment of a script, with where it starts: the parser's own view, so `//` in a string or a regex is none. */
function scriptComments(file: string, text: string): { at: number; text: string }[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) if (!seen.has(r.pos)) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) {
      // A doc comment's own parts lie inside the comment, which is already taken whole.
      if (child.kind < ts.SyntaxKind.FirstJSDocNode || child.kind > ts.SyntaxKind.LastJSDocNode) visit(child);
    }
  };
  visit(source);
  return [...seen].map(([at, comment]) => ({ at, text: comment }));
}

/** The prose of a file: its comments, or the whole of a document. */
function prose(file: string, text: string): { at: number; text: string }[] {
  // Parsing is the slow part: a script is parsed only when something in it, comment or not, looks like a number
  // from outside (what matches in a comment matches in the whole text too).
  if (CODE.test(file)) return OUTSIDE_NUMBERS.some(({ pattern }) => new RegExp(pattern).test(text)) ? scriptComments(file, text) : [];
  if (file.endsWith(".md")) return [{ at: 0, text }];
  const pattern = file.endsWith(".css") ? /\/\*[\s\S]*?\*\//g : /--.*$/gm;
  return [...text.matchAll(pattern)].map((m) => ({ at: m.index, text: m[0] }));
}

const lineOf = (text: string, at: number) => text.slice(0, at).split("\n").length;

/**
 * Numbers that stand for something outside the repository. Each is matched on its own words so that what only
 * looks alike passes: `§5` (a section of docs/product.md), `0x12`, colours (`#0f172a`, `#475569`), things named
 * with a number ('Item #88', 'Cut & Sew #2') and decision numbers, which the first test checks.
 */
const OUTSIDE_NUMBERS: readonly { what: string; pattern: RegExp }[] = [
  { what: "an issue number", pattern: /\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)\s*#?\d+\b/gi },
  { what: "a step number", pattern: /\bsteps?\s+#?\d+\b/gi },
  { what: "a review number", pattern: /\b(?:reviews?|findings?)\s*#?\d+\b/gi },
  // `#N` for an issue stands first, in brackets, or after a verb (see, fixes, in); after a name it is that thing's
  // own number. Six or eight digits are a colour.
  {
    what: "an issue reference",
    pattern: /(?:(?:^|[/*([,;—–])\s*|\b(?:see|cf|fix(?:es|ed)?|close[sd]?|resolve[sd]?|in|per|from)\s+)#(?!\d{6}\b|\d{8}\b)\d{1,5}\b/gim,
  },
  // A review's or a duplicate report's id: R or D and a number, standing alone.
  { what: "a review or report id", pattern: /(?<![\w#&.-])[RD]\d{1,3}(?![\w.-])/g },
];

type Finding = { file: string; line: number; message: string };

const decisions = readdirSync(path.join(root, "docs", "decisions"));

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const file of sources()) {
    const text = readFileSync(path.join(root, file), "utf8");
    const found = (at: number, message: string) => out.push({ file, line: lineOf(text, at), message });
    // This file's own examples of what it refuses are in strings, which only these two checks read.
    if (file !== SELF) {
      for (const m of text.matchAll(/(?<![\w./@:-])docs\/[\w./-]*/g)) {
        const cited = m[0].replace(/[.,:;]+$/, "");
        if (!existsSync(path.join(root, cited))) found(m.index, `${cited} does not exist`);
      }
      for (const m of text.matchAll(/\bdecisions?\s+(\d{4}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*\/\s*)\d{4})*)\b/gi)) {
        for (const n of m[1]!.match(/\d{4}/g)!) {
          if (!decisions.some((d) => d.startsWith(`${n}-`))) found(m.index, `decision ${n} is no record in docs/decisions/`);
        }
      }
    }
    for (const comment of prose(file, text)) {
      for (const { what, pattern } of OUTSIDE_NUMBERS) {
        for (const m of comment.text.matchAll(pattern)) found(comment.at + m.index, `${what}, "${m[0].replace(/^[\s/*([,;—–]+/, "")}"`);
      }
    }
  }
  return out;
}

const all = findings();
describe("comments and documents", () => {
  test("cite only docs/ paths and decision records that exist, and no issue, step or review numbers", () => {
    expect(all.map((f) => `${f.file}:${f.line}: ${f.message}`)).toEqual([]);
  });

  test("the patterns tell outside numbers from what only looks alike", () => {
    const flagged = (comment: string) => OUTSIDE_NUMBERS.filter(({ pattern }) => comment.match(pattern)).map((p) => p.what);
    const outside = ["issue 12", "fixes #12", "(#12)", "see #3", "step 14", "Step 3", "Steps 5 and 6", "review 2", "(R3)", "D5 again", "finding 4"];
    const alike = ["docs/product.md §5", "0x12", "#0f172a", "#475569", "'Item #88 · Front sign'", "Cut & Sew #2", "decision 0038", "3D", "R2D2", "&#60;"];
    for (const words of outside) expect(flagged(`// ${words}.`)).not.toEqual([]);
    for (const words of alike) expect(flagged(`// ${words}.`)).toEqual([]);
  });
});
