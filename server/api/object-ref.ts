import { z } from 'zod';
import { plainString } from '../schemas/control-characters';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const namespaceNameSchema = plainString()
  .max(63, 'namespace must be at most 63 characters')
  .regex(DNS1123_LABEL, 'namespace must be a DNS-1123 label (lower-case letters, digits and -)');

/** namespace + name of one namespaced object, as detail pages and their tRPC inputs carry them. */
export const objectRefSchema = z.object({
  namespace: namespaceNameSchema,
  name: plainString()
    .max(253, 'name must be at most 253 characters')
    .regex(DNS1123_SUBDOMAIN, 'name must be a DNS-1123 subdomain (lower-case letters, digits, - and .)'),
});
export type ObjectRef = z.output<typeof objectRefSchema>;
