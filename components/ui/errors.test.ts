import { describe, expect, it } from 'vitest';
import { errorText, fieldErrorsFromMessage } from './errors';

const zodIssues = JSON.stringify([
  { path: ['spec', 'nodes', 0, 'count'], message: 'Must be at least 1' },
  { path: [], message: 'Namespace does not exist' },
  { path: ['spec', 'nodes', 0, 'count'], message: 'a second message for the same field' },
  { path: ['name'] },
]);

describe('errorText', () => {
  it.each<[string, { message: string } | null | undefined, string]>([
    ['no error', null, ''],
    ['undefined', undefined, ''],
    [
      'a plain message',
      { message: 'host changed after you opened this dialog' },
      'host changed after you opened this dialog',
    ],
    ['JSON that is not a list', { message: '{"a":1}' }, '{"a":1}'],
    [
      "zod's issues, one line each",
      { message: zodIssues },
      'spec.nodes.0.count: Must be at least 1\nNamespace does not exist\nspec.nodes.0.count: a second message for the same field\nname',
    ],
  ])('%s', (_, error, text) => {
    expect(errorText(error)).toBe(text);
  });
});

describe('fieldErrorsFromMessage', () => {
  it('maps each path to its first message; the form-level one is under ""', () => {
    expect(fieldErrorsFromMessage(zodIssues)).toEqual({
      'spec.nodes.0.count': 'Must be at least 1',
      '': 'Namespace does not exist',
    });
  });

  it.each(['not JSON', '{"path":["a"],"message":"m"}', '42'])('has none for %s', (message) => {
    expect(fieldErrorsFromMessage(message)).toEqual({});
  });
});
