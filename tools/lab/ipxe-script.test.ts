import { describe, expect, it } from 'vitest';
import {
  expandSettings,
  isIpxeScript,
  IpxeSyntaxError,
  parseIpxeScript,
  resolveUri,
  splitOptions,
} from './ipxe-script';

describe('parseIpxeScript', () => {
  it('reads labels, comments, quoted words and && / || chains', () => {
    const lines = parseIpxeScript(
      [
        '#!ipxe',
        '# comment',
        ':retry',
        'chain http://x/boot/ipxe?mac=${net0/mac:hexhyp} || goto retry',
        'echo "two words" \'and more\' a\\ b',
        'dhcp && sleep 5',
      ].join('\n'),
    );
    expect(lines).toEqual([
      { number: 3, label: 'retry', commands: [] },
      {
        number: 4,
        commands: [
          { words: ['chain', 'http://x/boot/ipxe?mac=${net0/mac:hexhyp}'], join: 'first' },
          { words: ['goto', 'retry'], join: 'or' },
        ],
      },
      { number: 5, commands: [{ words: ['echo', 'two words', 'and more', 'a b'], join: 'first' }] },
      {
        number: 6,
        commands: [
          { words: ['dhcp'], join: 'first' },
          { words: ['sleep', '5'], join: 'and' },
        ],
      },
    ]);
  });

  it('rejects an unterminated quote and a dangling operator', () => {
    expect(() => parseIpxeScript('echo "open')).toThrow(IpxeSyntaxError);
    expect(() => parseIpxeScript('chain x ||')).toThrow(/operator/);
    expect(() => parseIpxeScript('|| reboot')).toThrow(/without a command/);
  });

  it('knows a script by its signature', () => {
    expect(isIpxeScript('#!ipxe\nboot')).toBe(true);
    expect(isIpxeScript('\uFEFF#!ipxe\n')).toBe(true);
    expect(isIpxeScript('#!gpxe\n')).toBe(false);
    expect(isIpxeScript('\x7fELF')).toBe(false);
  });
});

describe('expandSettings', () => {
  const settings = new Map([
    ['net0/mac', 'AA:BB:cc:dd:ee:0f'],
    ['hostname', 'node 1&2'],
    ['which', 'hostname'],
  ]);

  it('formats MACs by type and percent-encodes uristring', () => {
    expect(expandSettings('${net0/mac}', settings)).toBe('aa:bb:cc:dd:ee:0f');
    expect(expandSettings('${net0/mac:hexhyp}', settings)).toBe('aa-bb-cc-dd-ee-0f');
    expect(expandSettings('${net0/mac:hexraw}', settings)).toBe('aabbccddee0f');
    expect(expandSettings('h=${hostname:uristring}', settings)).toBe('h=node%201%262');
    expect(expandSettings('mac=${net0/mac:uristring}', settings)).toBe('mac=AA%3ABB%3Acc%3Add%3Aee%3A0f');
  });

  it('expands unknown settings to nothing and resolves nesting', () => {
    expect(expandSettings('[${serial}]', settings)).toBe('[]');
    expect(expandSettings('${${which}}', settings)).toBe('node 1&2');
  });
});

describe('resolveUri and splitOptions', () => {
  it('resolves relative URIs against the script', () => {
    expect(resolveUri('/boot/ipxe?mac=1', 'http://h:3000/boot.ipxe')).toBe('http://h:3000/boot/ipxe?mac=1');
    expect(resolveUri('k/vmlinuz', 'http://h/boot/ipxe?mac=1')).toBe('http://h/boot/k/vmlinuz');
    expect(() => resolveUri('/x', undefined)).toThrow();
  });

  it('separates options from arguments', () => {
    const { options, args } = splitOptions(
      ['--name', 'k', '--autofree', '-t=5', 'http://x', '--not'],
      ['name'],
    );
    expect([...options]).toEqual([
      ['name', 'k'],
      ['autofree', ''],
      ['t', '5'],
    ]);
    expect(args).toEqual(['http://x', '--not']);
  });
});
