/** Kubernetes label keys and values, checked with messages written for people filling in a form. */
import { plainString } from './control-characters';
import { DNS1123_SUBDOMAIN } from './kube-names';

const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

/** Why a string is not a Kubernetes label key, or undefined when it is one. */
export function labelKeyProblem(key: string): string | undefined {
  if (key === '') return 'Enter a label key';
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined) {
    if (prefix === '' || prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix)) {
      return 'The prefix before "/" must be a DNS subdomain (lower-case letters, digits, "-" and ".")';
    }
  }
  if (name === '') return 'The name after "/" is empty';
  if (name.length > 63) return 'The name part of a label key is at most 63 characters';
  if (!LABEL_NAME.test(name)) {
    return 'A label key name uses letters, digits, "-", "_" and ".", and starts and ends with a letter or digit';
  }
  return undefined;
}

/** Why a string is not a Kubernetes label value, or undefined when it is one ('' is valid). */
export function labelValueProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (value.length > 63) return 'A label value is at most 63 characters';
  if (!LABEL_NAME.test(value)) {
    return 'A label value uses letters, digits, "-", "_" and ".", and starts and ends with a letter or digit';
  }
  return undefined;
}

export const labelKeySchema = plainString().superRefine((key, ctx) => {
  const problem = labelKeyProblem(key);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const labelValueSchema = plainString().superRefine((value, ctx) => {
  const problem = labelValueProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Splits the comma-separated values of an In/NotIn expression. */
export function splitValues(values: string): string[] {
  return values
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}
