import { labelKeyProblem, labelValueProblem } from '@/server/schemas/label-rules';

export interface LabelChange {
  set: Record<string, string>;
  remove: string[];
}

/**
 * The labels field of the bulk dialog: `key=value` sets, `-key` removes, separated by commas or
 * spaces. Answers the change or the first problem in words, checked as Kubernetes checks labels.
 */
export function parseLabelChange(text: string): LabelChange | string {
  const change: LabelChange = { set: {}, remove: [] };
  const items = text.split(/[\s,]+/).filter(Boolean);
  if (items.length === 0) return 'name a label to set (key=value) or remove (-key)';
  for (const item of items) {
    if (item.startsWith('-')) {
      const key = item.slice(1);
      const problem = labelKeyProblem(key);
      if (problem) return `${key}: ${problem}`;
      change.remove.push(key);
      continue;
    }
    const at = item.indexOf('=');
    if (at < 0) return `${item}: write key=value to set a label, -key to remove one`;
    const key = item.slice(0, at);
    const value = item.slice(at + 1);
    const problem = labelKeyProblem(key) ?? labelValueProblem(value);
    if (problem) return `${item}: ${problem}`;
    change.set[key] = value;
  }
  return change;
}
