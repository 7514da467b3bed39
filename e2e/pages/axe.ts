import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until every finite CSS transition and animation has ended, so axe reads colours at rest, not halfway through a fade. */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    for (let round = 0; round < 5 && finite().length > 0; round += 1) {
      await Promise.all(finite().map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Serious and critical WCAG 2.1 AA findings on the page as it is now: rule, impact and the first element. */
export async function seriousFindings(page: Page): Promise<string[]> {
  await settleTransitions(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ') ?? ''}`);
}
