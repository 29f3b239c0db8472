// Lists every test that needed a retry, passed on it or not, at the end of the run and in
// test-results/retried.txt: a retry that passed hides a flaky test unless someone says so.
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export default class RetryReporter implements Reporter {
  private retried = new Map<string, { title: string; outcomes: string[] }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const key = test.id;
    const title = `[${test.parent.project()?.name}] ${path.relative(process.cwd(), test.location.file)}:${test.location.line} › ${test.title}`;
    const entry = this.retried.get(key) ?? { title, outcomes: [] };
    entry.outcomes.push(`try ${result.retry + 1}: ${result.status}${result.error?.message ? ` (${result.error.message.split("\n")[0]})` : ""}`);
    this.retried.set(key, entry);
  }

  onEnd(_result: FullResult) {
    const lines = [...this.retried.values()].filter((e) => e.outcomes.length > 1).map((e) => `${e.title}\n    ${e.outcomes.join("\n    ")}`);
    const text = lines.length ? `Retried tests (${lines.length}):\n${lines.join("\n")}\n` : "Retried tests: none\n";
    mkdirSync("test-results", { recursive: true });
    writeFileSync(path.join("test-results", "retried.txt"), text);
    console.log(`\n${text}`);
  }
}
