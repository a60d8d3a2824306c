/**
 * Reads an OpenSSH private key as ssh-keygen writes it (`-----BEGIN OPENSSH PRIVATE KEY-----`), far
 * enough to say whether a jump host can use it unattended: its key type, and that no passphrase
 * protects it. Pure: the browser form and the server both check a pasted key with it.
 */

export const MAX_PRIVATE_KEY = 16_384;

const BEGIN = '-----BEGIN OPENSSH PRIVATE KEY-----';
const END = '-----END OPENSSH PRIVATE KEY-----';
const MAGIC = 'openssh-key-v1\0';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key file each accepted type becomes on the jump host, named as ssh-keygen names it. */
export const KEY_FILE_NAMES = {
  'ssh-ed25519': 'id_ed25519',
  'ssh-rsa': 'id_rsa',
  'ecdsa-sha2-nistp256': 'id_ecdsa',
  'ecdsa-sha2-nistp384': 'id_ecdsa',
  'ecdsa-sha2-nistp521': 'id_ecdsa',
} as const;
export type AcceptedKeyType = keyof typeof KEY_FILE_NAMES;

export type PrivateKeyReading =
  { ok: true; type: AcceptedKeyType; keyFile: string; publicKey: string } | { ok: false; problem: string };

function isAccepted(type: string): type is AcceptedKeyType {
  return Object.hasOwn(KEY_FILE_NAMES, type);
}

/** The binary format's fields in order: uint32 lengths, then that many bytes. */
function reader(bytes: Uint8Array, start: number) {
  let offset = start;
  const uint32 = (): number | undefined => {
    if (offset + 4 > bytes.length) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = bytes.subarray(offset, offset + 4);
    offset += 4;
    return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  };
  const string = (): Uint8Array | undefined => {
    const length = uint32();
    if (length === undefined || offset + length > bytes.length) return undefined;
    const value = bytes.subarray(offset, offset + length);
    offset += length;
    return value;
  };
  return { uint32, string };
}

const text = (bytes: Uint8Array | undefined) => (bytes ? String.fromCharCode(...bytes) : undefined);

export function readOpenSshPrivateKey(pasted: string): PrivateKeyReading {
  const lines = pasted.trim().split(/\r?\n/);
  if (pasted.length > MAX_PRIVATE_KEY)
    return { ok: false, problem: `A private key is at most ${MAX_PRIVATE_KEY} characters` };
  if (lines[0]?.trim() !== BEGIN || lines.at(-1)?.trim() !== END)
    return { ok: false, problem: `Paste the whole key, from "${BEGIN}" to "${END}"` };
  const body = lines.slice(1, -1).join('').replace(/\s/g, '');
  if (!BASE64.test(body)) return { ok: false, problem: 'The key body is not base64' };
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  if (text(bytes.subarray(0, MAGIC.length)) !== MAGIC)
    return { ok: false, problem: 'Not an OpenSSH private key (ssh-keygen writes them)' };
  const read = reader(bytes, MAGIC.length);
  const cipher = text(read.string());
  read.string(); // kdf name
  read.string(); // kdf options
  const keys = read.uint32();
  const publicBlob = read.string();
  if (cipher === undefined || keys === undefined || !publicBlob)
    return { ok: false, problem: 'The key is cut short' };
  if (cipher !== 'none')
    return {
      ok: false,
      problem:
        'The key is protected by a passphrase, which the jump host cannot type: paste a key without one',
    };
  if (keys !== 1) return { ok: false, problem: 'Paste one key per Secret' };
  const type = text(reader(publicBlob, 0).string()) ?? '';
  if (!isAccepted(type))
    return {
      ok: false,
      problem: `Key type ${type || '(none)'} is not one of ${Object.keys(KEY_FILE_NAMES).join(', ')}`,
    };
  return {
    ok: true,
    type,
    keyFile: KEY_FILE_NAMES[type],
    publicKey: `${type} ${btoa(String.fromCharCode(...publicBlob))}`,
  };
}
