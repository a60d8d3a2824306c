'use client';

import { IRONIC_FIELD_LABELS, suggestedDhcpRange, type IronicForm } from '@/server/schemas/ironic-form';
import { Field, GroupError } from '../ui/form-kit/field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { Checkbox, TextInput } from '../ui/form-kit/inputs';
import { Section } from '../ui/form-kit/section';

/** Fields checked on every keystroke: the DHCP helper validates as you type. */
export const LIVE_NETWORKING_FIELDS = [
  'networking.ipAddress',
  'networking.networkCIDR',
  'networking.rangeBegin',
  'networking.rangeEnd',
];

/** The provisioning address and interface, and the DHCP helper that suggests a range. */
export function IronicNetworkingFields({ networking }: { networking: IronicForm['networking'] }) {
  const { form } = useRequiredFormKit();
  const suggestion = suggestedDhcpRange(networking.networkCIDR);
  return (
    <Section title="Networking">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={IRONIC_FIELD_LABELS['networking.ipAddress']}
          path="networking.ipAddress"
          hint="The address Ironic listens on (required for DHCP)"
        >
          <TextInput path="networking.ipAddress" keepSpaces placeholder="e.g. 10.89.0.1" />
        </Field>
        <Field
          label={IRONIC_FIELD_LABELS['networking.interface']}
          path="networking.interface"
          hint="Optional, e.g. eno2"
        >
          <TextInput path="networking.interface" keepSpaces />
        </Field>
      </div>
      <Checkbox path="networking.dhcp" testId="dhcp-enabled" className="text-slate-100">
        Serve DHCP (dnsmasq) on the provisioning network
      </Checkbox>
      {networking.dhcp && (
        <div className="space-y-3" data-testid="dhcp-helper">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={IRONIC_FIELD_LABELS['networking.networkCIDR']} path="networking.networkCIDR">
              <TextInput path="networking.networkCIDR" keepSpaces placeholder="e.g. 10.89.0.0/24" />
            </Field>
            <Field label={IRONIC_FIELD_LABELS['networking.rangeBegin']} path="networking.rangeBegin">
              <TextInput path="networking.rangeBegin" keepSpaces />
            </Field>
            <Field label={IRONIC_FIELD_LABELS['networking.rangeEnd']} path="networking.rangeEnd">
              <TextInput path="networking.rangeEnd" keepSpaces />
            </Field>
          </div>
          <GroupError path="networking.dhcp" />
          {suggestion && (
            <button
              type="button"
              className="text-xs text-sky-300 hover:underline"
              onClick={() => {
                form.setValue('networking.rangeBegin', suggestion.begin, { shouldDirty: true });
                form.setValue('networking.rangeEnd', suggestion.end, { shouldDirty: true });
              }}
            >
              Use {suggestion.begin}–{suggestion.end}
            </button>
          )}
        </div>
      )}
    </Section>
  );
}
