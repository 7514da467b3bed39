import type { Reporter, TestCase } from 'vitest/node';

/** Names, at the end of a run, every test that passed only on a retry (CI's one more try, docs/decisions/014). */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.diagnostic()?.flaky) this.flaky.push(`${testCase.module.moduleId} > ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    if (!this.flaky.length) return;
    console.log(`\nflaky: ${this.flaky.length} test(s) passed only on a retry:`);
    for (const name of this.flaky) console.log(`  ${name}`);
  }
}
