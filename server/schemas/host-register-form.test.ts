import { describe, expect, it } from 'vitest';
import {
  defaultHostRegisterForm,
  hostFormFieldOfPath,
  hostRegisterFormSchema,
  objectsFromHostForm,
  parseLabelLines,
  withLabelLine,
  type HostRegisterForm,
} from './host-register-form';

const form: HostRegisterForm = {
  ...defaultHostRegisterForm(),
  namespace: 'lab',
  name: 'r9-wk-01',
  bmcAddress: ' redfish+https://10.0.0.5/redfish/v1/Systems/1 ',
  username: 'admin',
  password: 's3cret',
  bootMACAddress: 'AABB.CCDD.EEFF',
  rootDeviceName: '/dev/sda',
  labels: 'rackpilot.io/rack=rack-9\nrackpilot.io/flavor=worker',
};

describe('the Add host form', () => {
  it('makes the credentials Secret and the host, with the MAC normalised', () => {
    const { secret, host } = objectsFromHostForm(form);
    expect(secret).toMatchObject({
      metadata: { name: 'r9-wk-01-bmc-secret', namespace: 'lab' },
      stringData: { username: 'admin', password: 's3cret' },
    });
    expect(host.spec).toEqual({
      online: true,
      bmc: {
        address: 'redfish+https://10.0.0.5/redfish/v1/Systems/1',
        credentialsName: 'r9-wk-01-bmc-secret',
      },
      bootMode: 'UEFI',
      bootMACAddress: 'aa:bb:cc:dd:ee:ff',
      rootDeviceHints: { deviceName: '/dev/sda' },
    });
    expect(host.metadata.labels).toEqual({ 'rackpilot.io/rack': 'rack-9', 'rackpilot.io/flavor': 'worker' });
  });

  it('refuses an unknown BMC type, a bad MAC and a bad label at their fields', () => {
    const result = hostRegisterFormSchema.safeParse({
      ...form,
      bmcAddress: 'https://10.0.0.5',
      bootMACAddress: 'not-a-mac',
      labels: 'a b=c',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField.bmcAddress).toMatch(/^Unknown BMC type "https"/);
    expect(byField.bootMACAddress).toMatch(/Not a MAC address/);
    expect(byField.labels).toMatch(/^a b: /);
  });

  it('reads labels as key=value lines or comma-separated', () => {
    expect(parseLabelLines('a=1, b=2\n\nc=')).toEqual({ labels: { a: '1', b: '2', c: '' } });
    expect(parseLabelLines('novalue').problem).toBe('"novalue" is not key=value');
  });
});

describe('hostFormFieldOfPath', () => {
  it('places an API-server cause about the host at its form field', () => {
    expect(hostFormFieldOfPath('spec.bmc.address')).toBe('bmcAddress');
    expect(hostFormFieldOfPath('spec.bootMACAddress')).toBe('bootMACAddress');
    expect(hostFormFieldOfPath('spec.bootMode')).toBe('bootMode');
    expect(hostFormFieldOfPath('spec.rootDeviceHints.deviceName')).toBe('rootDeviceName');
    expect(hostFormFieldOfPath('metadata.labels')).toBe('labels');
    expect(hostFormFieldOfPath('spec.online')).toBeUndefined();
  });
});

describe('withLabelLine', () => {
  it('sets a key in place, adds it at the end, or removes it, leaving the other lines as typed', () => {
    const text = 'rackpilot.io/rack=r1\n  a = b  \nrackpilot.io/rack-slot=3';
    expect(withLabelLine(text, 'rackpilot.io/rack-slot', '7')).toBe(
      'rackpilot.io/rack=r1\n  a = b  \nrackpilot.io/rack-slot=7',
    );
    expect(withLabelLine(text, 'a', 'c')).toBe('rackpilot.io/rack=r1\na=c\nrackpilot.io/rack-slot=3');
    expect(withLabelLine(text, 'rackpilot.io/rack-units', '2')).toBe(`${text}\nrackpilot.io/rack-units=2`);
    expect(withLabelLine(text, 'rackpilot.io/rack', '')).toBe('  a = b  \nrackpilot.io/rack-slot=3');
    expect(withLabelLine('', 'k', 'v')).toBe('k=v');
    expect(withLabelLine('k=v', 'k', '')).toBe('');
    expect(parseLabelLines(withLabelLine(text, 'a', 'c')).labels).toMatchObject({ a: 'c' });
  });
});
