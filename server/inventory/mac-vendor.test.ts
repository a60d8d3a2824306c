import { describe, expect, it } from 'vitest';
import { LOCALLY_ADMINISTERED, macVendor, vendorIn } from './mac-vendor';
import { VendorTable } from './vendor-table';

describe('vendorIn', () => {
  it('prefers the longest registered prefix', () => {
    const table = VendorTable.fromRegistryJson(
      Buffer.from(
        JSON.stringify({
          '001BC5': 'IEEE Registration Authority',
          '001BC5001': 'Small Block Vendor\nStreet',
          '1006480': 'Medium Block Vendor',
          '100648': 'IEEE Registration Authority',
        }),
      ),
    );
    expect(vendorIn(table, '00:1b:c5:00:1f:ff')).toBe('Small Block Vendor');
    expect(vendorIn(table, '00:1b:c5:00:2f:ff')).toBe('IEEE Registration Authority');
    expect(vendorIn(table, '10:06:48:0a:bc:de')).toBe('Medium Block Vendor');
    expect(vendorIn(table, 'not a mac')).toBeUndefined();
  });
});

describe('macVendor (IEEE registry from oui-data)', () => {
  it.each([
    ['3c:ec:ef:01:02:03', 'Super Micro Computer, Inc.'],
    ['3CEC.EF01.0203', 'Super Micro Computer, Inc.'],
    ['00-1B-21-aa-bb-cc', 'Intel Corporate'],
    ['b8cef6aabbcc', 'Mellanox Technologies, Inc.'],
    ['00:16:3e:00:00:01', 'Xensource, Inc.'],
  ])('%s → %s', (mac, vendor) => {
    expect(macVendor(mac)).toBe(vendor);
  });

  it('calls unregistered locally administered addresses so (QEMU 52:54:00)', () => {
    expect(macVendor('52:54:00:b6:ed:31')).toBe(LOCALLY_ADMINISTERED);
  });

  it('is undefined for garbage', () => {
    expect(macVendor('zz:zz')).toBeUndefined();
  });
});
