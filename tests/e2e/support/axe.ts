// The axe check of the accessibility journeys (issue 24): WCAG 2.1 A and AA rules, critical and
// serious findings only, each printed with its rule, targets and help so a failure says what to
// fix; and the appearance (mode, direction) the SPA reads at start-up.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Findings not yet fixed, each with the screen it is on and why; every entry is an issue 24
 * follow-up. Keep this list short and shrinking: an entry here hides a real barrier.
 */
const ALLOWED: ReadonlyArray<{ rule: string; screen: RegExp; why: string }> = [];

export type Mode = 'light' | 'dark';
export type Dir = 'ltr' | 'rtl';

export interface Finding {
  /** The screen as the journey names it (a path, or a path and a state: "player, submit dialog"). */
  screen: string;
  rule: string;
  impact: string;
  targets: string;
  help: string;
}

/** The appearance the SPA reads at start-up (src/theme/appearance.ts, key 'appearance'). */
export async function setAppearance(page: Page, activeMode: Mode, activeDir: Dir = 'ltr') {
  await page.evaluate(
    (settings) => {
      window.localStorage.setItem(
        'appearance',
        JSON.stringify({ ...settings, activeTheme: 'BLUE_THEME', borderRadius: 7 }),
      );
    },
    { activeMode, activeDir },
  );
}

/** The page's critical and serious findings (the allow-list left out), printed as found. */
export async function axeFindings(page: Page, screen: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .filter((violation) => !ALLOWED.some((a) => a.rule === violation.id && a.screen.test(screen)))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(' | '),
      help: `${violation.help} (${violation.nodes.length} node(s)) ${violation.helpUrl}`,
    }));
  // Printed as found too, so a run that stops early still shows what it saw.
  for (const f of found) console.log(`[${f.impact}] ${f.rule} on ${f.screen}: ${f.targets}`);
  return found;
}

/** Fails with every finding listed. */
export function expectNoFindings(findings: Finding[]) {
  const report = findings
    .map((f) => `[${f.impact}] ${f.rule} on ${f.screen}: ${f.targets}\n    ${f.help}`)
    .join('\n');
  expect(findings, `critical or serious axe findings:\n${report}`).toEqual([]);
}
