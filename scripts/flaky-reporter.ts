import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names, at the end of a run, every test that passed only on a retry (CI's one more try,
 * docs/decisions/014), with its project and the start of what failed first, so a flake can be traced.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.diagnostic()?.flaky) return;
    const failed = (testCase.result().errors ?? []).map((error) => `    first try: ${error.message.split('\n').slice(0, 6).join('\n      ')}`);
    this.flaky.push([`  [${testCase.project.name}] ${testCase.module.moduleId} > ${testCase.fullName}`, ...failed].join('\n'));
  }

  onTestRunEnd(): void {
    if (!this.flaky.length) return;
    console.log(`\nflaky: ${this.flaky.length} test(s) passed only on a retry:`);
    for (const entry of this.flaky) console.log(entry);
  }
}
