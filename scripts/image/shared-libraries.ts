/**
 * The files `ldd` names for a binary: each resolved library and the dynamic loader. The kernel's vDSO
 * (no file) is left out; a library ldd could not find is an error, since the binary would not start.
 */
export function sharedLibraries(lddOutput: string): string[] {
  const files: string[] = [];
  for (const line of lddOutput.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('linux-vdso')) continue;
    if (line.includes('=> not found')) throw new Error(`shared library missing on this machine: ${line}`);
    const path = /(?:=>\s*)?(\/\S+)\s+\(0x[0-9a-f]+\)$/.exec(line)?.[1];
    if (path) files.push(path);
  }
  return files;
}
