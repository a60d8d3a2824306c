// The IEEE registry as the server keeps it: each registered prefix as a number in a sorted typed array
// per prefix length, pointing at one copy of its organisation's name. Read straight from the JSON's
// bytes: decoding the whole file made V8 hold it as one two-byte string (11 MiB, some names are not
// Latin-1) next to the parsed object, and each kept name was a slice that held its whole entry
// (addresses included) alive (docs/benchmarks.md, "Where the boot service's memory goes").

/** Registered prefix lengths in hex digits: MA-L (24 bits), MA-M (28) and MA-S (36). */
const PREFIX_DIGITS = [6, 7, 9] as const;

interface Prefixes {
  /** Ascending; a 36-bit prefix does not fit a Uint32Array. */
  keys: Float64Array;
  /** Index into the table's names, per key. */
  names: Uint32Array;
}

export class VendorTable {
  private constructor(
    private readonly byDigits: ReadonlyMap<number, Prefixes>,
    private readonly names: readonly string[],
  ) {}

  /** The organisation registered for `prefix` (6, 7 or 9 hex digits, either case), if any. */
  get(prefix: string): string | undefined {
    const prefixes = this.byDigits.get(prefix.length);
    if (!prefixes || !/^[0-9a-fA-F]+$/.test(prefix)) return undefined;
    const key = parseInt(prefix, 16);
    let low = 0;
    let high = prefixes.keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = prefixes.keys[middle] ?? 0;
      if (found === key) return this.names[prefixes.names[middle] ?? 0];
      if (found < key) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /**
   * From the registry as JSON bytes: one object of prefix → "Organisation\naddress lines…"; only the
   * first line of each entry is kept, trimmed, and entries without one are left out.
   */
  static fromRegistryJson(json: Uint8Array): VendorTable {
    const names: string[] = [];
    const nameIndex = new Map<string, number>();
    const collected = new Map<number, { keys: number[]; names: number[] }>(
      PREFIX_DIGITS.map((digits) => [digits, { keys: [], names: [] }]),
    );
    for (const [prefix, name] of registryEntries(json)) {
      const into = collected.get(prefix.length);
      if (!into || !/^[0-9a-fA-F]+$/.test(prefix))
        throw new Error(`vendor registry: prefix ${JSON.stringify(prefix)} is not 6, 7 or 9 hex digits`);
      if (!name) continue;
      let index = nameIndex.get(name);
      if (index === undefined) {
        index = names.length;
        names.push(name);
        nameIndex.set(name, index);
      }
      into.keys.push(parseInt(prefix, 16));
      into.names.push(index);
    }
    const byDigits = new Map<number, Prefixes>();
    for (const [digits, { keys, names: nameOf }] of collected) {
      const order = keys.map((_, i) => i).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
      byDigits.set(digits, {
        keys: Float64Array.from(order, (i) => keys[i] ?? 0),
        names: Uint32Array.from(order, (i) => nameOf[i] ?? 0),
      });
    }
    return new VendorTable(byDigits, names);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_N = 0x6e;
const decoder = new TextDecoder('utf-8', { fatal: true });

function skipSpace(json: Uint8Array, at: number): number {
  while (
    at < json.length &&
    (json[at] === 0x20 || json[at] === 0x0a || json[at] === 0x0d || json[at] === 0x09)
  )
    at++;
  return at;
}

function expectByte(json: Uint8Array, at: number, char: string): void {
  if (json[at] !== char.charCodeAt(0))
    throw new Error(`vendor registry: expected ${char} at byte ${at} of ${json.length}`);
}

/** The index of the quote that closes the JSON string opening at `at`. */
function stringEnd(json: Uint8Array, at: number): number {
  expectByte(json, at, '"');
  for (let i = at + 1; i < json.length; i++) {
    if (json[i] === BACKSLASH) i++;
    else if (json[i] === QUOTE) return i;
  }
  throw new Error(`vendor registry: string at byte ${at} is not closed`);
}

/** Where a string's first line ends: at its first `\n` escape or its closing quote. */
function firstLineEnd(json: Uint8Array, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    if (json[i] === BACKSLASH) {
      if (json[i + 1] === LETTER_N) return i;
      i++;
    }
  }
  return end;
}

/** A string's contents between `start` and `end` (exclusive) as a string of its own. */
function decodeString(json: Uint8Array, start: number, end: number): string {
  const raw = decoder.decode(json.subarray(start, end));
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/** Prefix and first line of each entry of a flat JSON object of strings, without decoding the rest. */
function* registryEntries(json: Uint8Array): Generator<[string, string]> {
  let at = skipSpace(json, 0);
  expectByte(json, at, '{');
  at = skipSpace(json, at + 1);
  if (json[at] === '}'.charCodeAt(0)) return;
  for (;;) {
    const keyEnd = stringEnd(json, at);
    const prefix = decodeString(json, at + 1, keyEnd);
    at = skipSpace(json, keyEnd + 1);
    expectByte(json, at, ':');
    at = skipSpace(json, at + 1);
    const valueEnd = stringEnd(json, at);
    yield [prefix, decodeString(json, at + 1, firstLineEnd(json, at + 1, valueEnd)).trim()];
    at = skipSpace(json, valueEnd + 1);
    if (json[at] !== ','.charCodeAt(0)) break;
    at = skipSpace(json, at + 1);
  }
  expectByte(json, at, '}');
}
