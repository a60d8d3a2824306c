/** Form fields for Kubernetes names, with messages written for people filling in a form. */
import { plainString } from './control-characters';

export const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** Service names must also start with a letter (DNS-1035). */
export const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

export const namespaceFieldSchema = plainString()
  .min(1, 'Enter a namespace')
  .max(63, 'A namespace is at most 63 characters')
  .regex(DNS1123_LABEL, 'Lower-case letters, digits and "-" only, not at either end');

/** The name of an object whose derived objects' names must stay within `max` characters. */
export function objectNameFieldSchema(max: number, why: string, pattern = DNS1123_LABEL) {
  return plainString()
    .min(1, 'Enter a name')
    .max(max, `At most ${max} characters (${why})`)
    .regex(
      pattern,
      pattern === DNS1035_LABEL
        ? 'Lower-case letters, digits and "-" only, starting with a letter and not ending with "-"'
        : 'Lower-case letters, digits and "-" only, not at either end',
    );
}
