/**
 * The part of iPXE's script language a PXE client of the boot service meets: lines, `:labels`,
 * `#` comments, commands joined by `&&` and `||`, and `${setting}` / `${setting:type}` expansion.
 * Pure; the lab's interpreter (ipxe-interpreter.ts) runs what this parses.
 */

export interface IpxeCommand {
  /** Raw words before expansion; expansion happens when the command runs, as in iPXE. */
  words: string[];
  /** How this command joins the previous one on its line: `&&` runs it on success, `||` on failure. */
  join: 'first' | 'and' | 'or';
}

export interface IpxeLine {
  /** 1-based line number in the script, for error messages. */
  number: number;
  label?: string;
  commands: IpxeCommand[];
}

export class IpxeSyntaxError extends Error {
  override name = 'IpxeSyntaxError';
}

/** A script is what iPXE would execute: it must begin with the `#!ipxe` signature. */
export function isIpxeScript(text: string): boolean {
  return /^#!ipxe\b/.test(text.replace(/^\uFEFF/, ''));
}

/** Splits one line into words, honouring double and single quotes and backslash escapes. */
function tokenize(text: string, number: number): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && i + 1 < text.length) word += text.charAt(++i);
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < text.length) {
      word += text.charAt(++i);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) throw new IpxeSyntaxError(`line ${number}: unterminated ${quote} quote`);
  if (inWord) words.push(word);
  return words;
}

/** Parses a script (with or without its `#!ipxe` line) into lines of commands. */
export function parseIpxeScript(text: string): IpxeLine[] {
  const lines: IpxeLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const number = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (trimmed.startsWith(':')) {
      const label = trimmed.slice(1).trim();
      if (!/^[\w.-]+$/.test(label)) throw new IpxeSyntaxError(`line ${number}: bad label "${trimmed}"`);
      lines.push({ number, label, commands: [] });
      return;
    }
    const commands: IpxeCommand[] = [];
    let join: IpxeCommand['join'] = 'first';
    let current: string[] = [];
    for (const word of tokenize(trimmed, number)) {
      if (word === '&&' || word === '||') {
        if (current.length === 0) throw new IpxeSyntaxError(`line ${number}: "${word}" without a command`);
        commands.push({ words: current, join });
        join = word === '&&' ? 'and' : 'or';
        current = [];
      } else {
        current.push(word);
      }
    }
    if (current.length === 0) throw new IpxeSyntaxError(`line ${number}: line ends in an operator`);
    commands.push({ words: current, join });
    lines.push({ number, commands });
  });
  return lines;
}

/** Formats a MAC held as `aa:bb:cc:dd:ee:ff` the way iPXE's setting types print it. */
function formatMac(mac: string, type: string | undefined): string {
  const bytes = mac.toLowerCase().split(':');
  switch (type) {
    case 'hexhyp':
      return bytes.join('-');
    case 'hexraw':
      return bytes.join('');
    default:
      return bytes.join(':');
  }
}

/** Percent-encodes like iPXE's `uristring` type (unreserved characters stay as they are). */
function uriString(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._~]/g, (ch) =>
    [...Buffer.from(ch, 'utf8')]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(''),
  );
}

const MAC_SETTING = /^(?:net\d+\/)?mac$/;

/**
 * Expands `${name}` and `${name:type}`; unknown settings expand to nothing, as in iPXE. MAC settings
 * honour the hex/hexhyp/hexraw types, any setting the uristring type. Nesting (`${${x}}`) is resolved
 * innermost first.
 */
export function expandSettings(text: string, settings: ReadonlyMap<string, string>): string {
  let result = text;
  for (let guard = 0; guard < 32; guard++) {
    const next = result.replace(/\$\{([^${}]*)\}/g, (_match, inner: string) => {
      const [name = '', type] = inner.split(':');
      const value = settings.get(name) ?? '';
      if (type === 'uristring') return uriString(value);
      if (MAC_SETTING.test(name) && value) return formatMac(value, type);
      return value;
    });
    if (next === result) return result;
    result = next;
  }
  return result;
}

/** Resolves a URI the way iPXE resolves one relative to the image that holds the script. */
export function resolveUri(uri: string, base: string | undefined): string {
  return base ? new URL(uri, base).toString() : new URL(uri).toString();
}

/** Splits `cmd --opt value --flag arg…` into options and positional arguments (iPXE's getopt). */
export function splitOptions(
  words: readonly string[],
  takesValue: readonly string[] = [],
): { options: Map<string, string>; args: string[] } {
  const options = new Map<string, string>();
  let i = 0;
  while (i < words.length) {
    const word = words[i] ?? '';
    if (word === '--') {
      i += 1;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    const [flag = '', inline] = word.replace(/^--?/, '').split(/=(.*)/s);
    if (inline !== undefined) options.set(flag, inline);
    else if (takesValue.includes(flag)) options.set(flag, words[++i] ?? '');
    else options.set(flag, '');
    i += 1;
  }
  return { options, args: words.slice(i) };
}
