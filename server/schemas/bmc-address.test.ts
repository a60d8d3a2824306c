import { describe, expect, it } from 'vitest';
import { bmcAddressProblem } from './bmc-address';

describe('bmcAddressProblem: what Metal3 accepts', () => {
  it.each([
    'ipmi://10.0.0.5',
    'ipmi://10.0.0.5:623',
    '10.0.0.5',
    'bmc-r1.example.com:623',
    'redfish://10.0.0.5/redfish/v1/Systems/1',
    'redfish+http://127.0.0.1:8000/redfish/v1/Systems/abc',
    'redfish-virtualmedia+https://[fd00::5]:8443/redfish/v1/Systems/1',
    'idrac-virtualmedia://idrac.example.com/redfish/v1/Systems/System.Embedded.1',
    'ilo5-virtualmedia://10.1.1.1',
  ])('accepts %s', (address) => {
    expect(bmcAddressProblem(address)).toBeUndefined();
  });

  it.each([
    ['', /Enter the BMC address/],
    ['http://10.0.0.5', /Unknown BMC type "http": Metal3 knows ipmi, redfish/],
    ['foo://10.0.0.5', /Unknown BMC type "foo"/],
    ['ipmi+https://10.0.0.5', /"ipmi" takes no \+https/],
    ['redfish+ftp://10.0.0.5', /must be \+http or \+https/],
    ['redfish:///redfish/v1/Systems/1', /has no host/],
    ['http//10.0.0.5', /"http\/\/" lacks the colon of a scheme: write http:\/\/…/],
    ['redfish+https//10.0.0.5/redfish/v1/Systems/1', /lacks the colon/],
    ['redfish://10.0.0.5:70000/x', /port must be 1 to 65535/],
    ['redfish://bad host/x', /is not a host name or IP/],
  ])('refuses %s', (address, message) => {
    expect(bmcAddressProblem(address)).toMatch(message);
  });
});
