import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dataDirProblem } from "~/infra/data-dir-check.server";

// The start-up check of DATA_DIR outside a container (the container's message is a request test's, where the
// server really runs as uid 65532): the fix is a chown to the user the server runs as, or making the folder.

const root = mkdtempSync(path.join(tmpdir(), "shopflow-dircheck-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("dataDirProblem", () => {
  test("a folder the server may use: none, and a missing one is made owner-only", () => {
    const dir = path.join(root, "new", "data");
    expect(dataDirProblem(dir, { uid: 0, gid: 0 }, false)).toBeNull();
    expect(dataDirProblem(dir, { uid: process.getuid!(), gid: process.getgid!() }, false)).toBeNull();
  });

  test("another user's folder: the owner, the user and the chown", () => {
    const dir = path.join(root, "theirs");
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(dataDirProblem(dir, { uid: 1000, gid: 1001 }, false)).toMatch(
      new RegExp(
        `^shopflow: cannot write to DATA_DIR ${dir}: it is owned by (root \\(uid 0\\)|uid 0) and the server runs as (\\S+ \\()?uid 1000\\)?\\. Fix it with: sudo chown -R 1000:1001 ${dir}$`,
      ),
    );
  });

  test("not a folder", () => {
    const file = path.join(root, "file");
    writeFileSync(file, "x");
    expect(dataDirProblem(file, { uid: 0, gid: 0 }, false)).toBe(
      `shopflow: DATA_DIR ${file} is not a folder. Point DATA_DIR at a folder (it is made when missing).`,
    );
  });
});
