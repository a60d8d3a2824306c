import { fileURLToPath } from 'node:url';

/** The repository (or image) root: where the CRDs, Next's build and its pages are found. */
export const appRoot = fileURLToPath(new URL('../..', import.meta.url));
