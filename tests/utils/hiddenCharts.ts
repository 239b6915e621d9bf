// Issue 24: a chart is hidden from screen readers (a table beside it tells the same) and so must
// hold no tab stop either (axe's aria-hidden-focus): a keyboard user would land on nothing.
import { expect } from 'vitest';

const FOCUSABLE = '[tabindex]:not([tabindex="-1"]), button, a[href], input, select, textarea';

/** At least one aria-hidden chart wrapper in `root`, and none holds a focusable element. */
export function expectHiddenChartsWithoutTabStops(root: ParentNode = document) {
  const hidden = [...root.querySelectorAll('[aria-hidden="true"]')].filter((box) =>
    box.querySelector('svg, [class*="MuiChartsSurface"], [class*="MuiChartsLayerContainer"]'),
  );
  expect(hidden.length).toBeGreaterThan(0);
  for (const box of hidden) expect(box.querySelectorAll(FOCUSABLE)).toHaveLength(0);
}
