import type { CDPSession, Page } from '@playwright/test';

/** A tab's main-thread time in ms: every task, and within them script, style recalculation and layout. */
export interface TabBusy {
  task: number;
  script: number;
  style: number;
  layout: number;
}

/** Chrome's cumulative main-thread durations of a tab (the session must have enabled `Performance`). */
export async function tabBusy(cdp: CDPSession): Promise<TabBusy> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    task: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    style: ms('RecalcStyleDuration'),
    layout: ms('LayoutDuration'),
  };
}

export function busySince(before: TabBusy, after: TabBusy): TabBusy {
  return {
    task: after.task - before.task,
    script: after.script - before.script,
    style: after.style - before.style,
    layout: after.layout - before.layout,
  };
}

/** Elements per rendered row of a table (the row included), the mean over the rows in the DOM now. */
export function elementsPerRow(page: Page, table: string): Promise<number> {
  return page.evaluate((selector) => {
    const rows = [...document.querySelectorAll(`${selector} [data-testid="row"]`)];
    const elements = rows.reduce((sum, row) => sum + 1 + row.querySelectorAll('*').length, 0);
    return rows.length > 0 ? elements / rows.length : 0;
  }, table);
}
