/**
 * The "Add host" form: a BareMetalHost and its BMC credentials Secret, created together. One zod schema
 * for the browser form and the tRPC mutation; the conversion to the two objects. Pure.
 */
import type { V1Secret } from '@kubernetes/client-node';
import { z } from 'zod';
import type { BareMetalHost } from '../types/crds/bare-metal-host';
import { bmcAddressProblem } from './bmc-address';
import { plainString } from './control-characters';
import { namespaceFieldSchema, objectNameFieldSchema, DNS1123_SUBDOMAIN } from './kube-names';
import { labelKeyProblem, labelValueProblem } from './label-rules';
import { normalizeMac } from './mac-address';

export const BOOT_MODES = ['UEFI', 'UEFISecureBoot', 'legacy'] as const;

/** `<name>-bmc-secret` must stay a valid object name. */
const HOST_NAME_MAX = 253 - '-bmc-secret'.length;

/** `key=value` per line (or comma-separated); blank lines ignored. */
export function parseLabelLines(text: string): { labels: Record<string, string>; problem?: string } {
  const labels: Record<string, string> = {};
  for (const entry of text.split(/[\n,]/).map((line) => line.trim())) {
    if (entry === '') continue;
    const equals = entry.indexOf('=');
    if (equals < 0) return { labels, problem: `"${entry}" is not key=value` };
    const key = entry.slice(0, equals).trim();
    const value = entry.slice(equals + 1).trim();
    const problem = labelKeyProblem(key) ?? labelValueProblem(value);
    if (problem) return { labels, problem: `${key}: ${problem}` };
    labels[key] = value;
  }
  return { labels };
}

/**
 * `text` (as parseLabelLines reads it) with `key` set to `value` on its own line, in place when a line
 * already sets it; an empty value removes that line. Other lines stay as typed.
 */
export function withLabelLine(text: string, key: string, value: string): string {
  const lines = text === '' ? [] : text.split('\n');
  const setsKey = (line: string) => line.split('=')[0]?.trim() === key;
  const at = lines.findIndex(setsKey);
  if (value === '') return lines.filter((line) => !setsKey(line)).join('\n');
  if (at >= 0) lines[at] = `${key}=${value}`;
  else lines.push(`${key}=${value}`);
  return lines.join('\n');
}

export const hostRegisterFormSchema = z
  .object({
    namespace: namespaceFieldSchema,
    name: objectNameFieldSchema(
      HOST_NAME_MAX,
      'its credentials Secret is <name>-bmc-secret',
      DNS1123_SUBDOMAIN,
    ),
    bmcAddress: plainString().trim().max(2048, 'At most 2048 characters'),
    username: plainString().min(1, 'Enter the BMC user name').max(256, 'At most 256 characters'),
    /** Write-only: sent once, stored in the Secret, never read back to a browser. */
    password: plainString().min(1, 'Enter the BMC password').max(1024, 'At most 1024 characters'),
    disableCertificateVerification: z.boolean(),
    bootMACAddress: plainString().trim().max(64, 'At most 64 characters'),
    bootMode: z.enum(BOOT_MODES, { error: 'Choose a boot mode' }),
    rootDeviceName: plainString().trim().max(256, 'At most 256 characters'),
    online: z.boolean(),
    labels: plainString({ multiLine: true }).max(8192, 'At most 8192 characters'),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const bmc = bmcAddressProblem(form.bmcAddress);
    if (bmc) issue('bmcAddress', bmc);
    if (form.bootMACAddress !== '' && !normalizeMac(form.bootMACAddress)) {
      issue('bootMACAddress', 'Not a MAC address (aa:bb:cc:dd:ee:ff, AA-BB-…, aabb.ccdd.eeff or bare hex)');
    }
    if (form.rootDeviceName !== '' && !form.rootDeviceName.startsWith('/dev/')) {
      issue('rootDeviceName', 'A device name starts with /dev/ (e.g. /dev/sda or /dev/disk/by-path/…)');
    }
    const labels = parseLabelLines(form.labels);
    if (labels.problem) issue('labels', labels.problem);
  });

export type HostRegisterForm = z.input<typeof hostRegisterFormSchema>;

export function defaultHostRegisterForm(): HostRegisterForm {
  return {
    namespace: '',
    name: '',
    bmcAddress: '',
    username: '',
    password: '',
    disableCertificateVerification: false,
    bootMACAddress: '',
    bootMode: 'UEFI',
    rootDeviceName: '',
    online: true,
    labels: '',
  };
}

export function credentialsSecretName(hostName: string): string {
  return `${hostName}-bmc-secret`;
}

/** The Secret and the host, in creation order; `password` may be masked for a preview. */
export function objectsFromHostForm(
  form: HostRegisterForm,
  password = form.password,
): { secret: V1Secret; host: BareMetalHost } {
  const secretName = credentialsSecretName(form.name);
  const mac =
    form.bootMACAddress.trim() === ''
      ? undefined
      : (normalizeMac(form.bootMACAddress) ?? form.bootMACAddress);
  const labels = parseLabelLines(form.labels).labels;
  return {
    secret: {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      metadata: { name: secretName, namespace: form.namespace },
      stringData: { username: form.username, password },
    },
    host: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: {
        name: form.name,
        namespace: form.namespace,
        ...(Object.keys(labels).length > 0 ? { labels } : {}),
      },
      spec: {
        online: form.online,
        bmc: {
          address: form.bmcAddress.trim(),
          credentialsName: secretName,
          ...(form.disableCertificateVerification ? { disableCertificateVerification: true } : {}),
        },
        bootMode: form.bootMode,
        ...(mac ? { bootMACAddress: mac } : {}),
        ...(form.rootDeviceName.trim()
          ? { rootDeviceHints: { deviceName: form.rootDeviceName.trim() } }
          : {}),
      },
    },
  };
}

/** The form field an API-server cause about the host's spec belongs to. */
export function hostFormFieldOfPath(path: string): string | undefined {
  if (path.startsWith('spec.bmc.address')) return 'bmcAddress';
  if (path.startsWith('spec.bootMACAddress')) return 'bootMACAddress';
  if (path.startsWith('spec.bootMode')) return 'bootMode';
  if (path.startsWith('spec.rootDeviceHints')) return 'rootDeviceName';
  if (path.startsWith('metadata.labels')) return 'labels';
  return undefined;
}
