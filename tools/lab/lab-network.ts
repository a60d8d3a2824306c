import type { BareMetalHostNIC } from '../../server/types/crds/bare-metal-host';
import { mac, SWITCH_OUI, type VendorProfile } from './lab-hardware';

// A lab host's network: the PXE NIC on the management switch, a bonded pair to both top-of-rack
// switches carrying the OAM VLAN, and the network_data.json that configures them.

export interface LabAddresses {
  bmc: string;
  oam: string;
  pxe: string;
}

/** The OpenStack network_data.json shape the lab writes (the subset SIP and the console read). */
export interface LabNetworkData {
  links: {
    id: string;
    type: 'phy' | 'bond' | 'vlan';
    ethernet_mac_address?: string;
    mtu?: number;
    bond_links?: string[];
    bond_mode?: string;
    bond_xmit_hash_policy?: string;
    bond_miimon?: number;
    vlan_link?: string;
    vlan_id?: number;
    vlan_mac_address?: string;
  }[];
  networks: {
    id: string;
    type: 'ipv4';
    link: string;
    ip_address: string;
    netmask: string;
    network_id: string;
    routes?: { network: string; netmask: string; gateway: string }[];
  }[];
  services: { type: 'dns'; address: string }[];
}

const DNS_SERVERS = ['10.20.0.53', '10.20.0.54'];
const OAM_VLAN = 41;

/** The NICs inspection reports for a host and the network_data.json it is provisioned with. */
export function labNetwork(
  vendor: VendorProfile,
  name: string,
  rack: number,
  index: number,
  addresses: LabAddresses,
): { pxeMac: string; nics: BareMetalHostNIC[]; networkData: LabNetworkData } {
  const pxeMac = mac(vendor.onboard.oui, name, 'eno1');
  const bondMacs = [mac(vendor.addOn.oui, name, 'ens2f0'), mac(vendor.addOn.oui, name, 'ens2f1')] as const;
  const switchName = (side: string) => `tor-r${rack}-${side}`;
  const nics: BareMetalHostNIC[] = [
    {
      name: 'eno1',
      model: vendor.onboard.model,
      mac: pxeMac,
      ip: addresses.pxe,
      speedGbps: vendor.onboard.speedGbps,
      pxe: true,
      pciAddress: '0000:01:00.0',
      lldp: {
        switchID: mac(SWITCH_OUI, switchName('mgmt')),
        portID: `Ethernet${index}`,
        switchSystemName: switchName('mgmt'),
      },
    },
    ...bondMacs.map((nicMac, i) => ({
      name: `ens2f${i}`,
      model: vendor.addOn.model,
      mac: nicMac,
      speedGbps: vendor.addOn.speedGbps,
      pxe: false,
      pciAddress: `0000:4b:00.${i}`,
      vlans: [{ id: OAM_VLAN, name: 'oam' }],
      lldp: {
        switchID: mac(SWITCH_OUI, switchName(i === 0 ? 'a' : 'b')),
        portID: `Ethernet${index}/1`,
        switchSystemName: switchName(i === 0 ? 'a' : 'b'),
      },
    })),
  ];

  const networkData: LabNetworkData = {
    links: [
      { id: 'eno1', type: 'phy', ethernet_mac_address: pxeMac, mtu: 1500 },
      { id: 'ens2f0', type: 'phy', ethernet_mac_address: bondMacs[0], mtu: 9000 },
      { id: 'ens2f1', type: 'phy', ethernet_mac_address: bondMacs[1], mtu: 9000 },
      {
        id: 'bond0',
        type: 'bond',
        bond_links: ['ens2f0', 'ens2f1'],
        bond_mode: '802.3ad',
        bond_xmit_hash_policy: 'layer3+4',
        bond_miimon: 100,
        ethernet_mac_address: bondMacs[0],
        mtu: 9000,
      },
      {
        id: `bond0.${OAM_VLAN}`,
        type: 'vlan',
        vlan_link: 'bond0',
        vlan_id: OAM_VLAN,
        vlan_mac_address: bondMacs[0],
        mtu: 9000,
      },
    ],
    networks: [
      {
        id: 'oam-ipv4',
        type: 'ipv4',
        link: `bond0.${OAM_VLAN}`,
        ip_address: addresses.oam,
        netmask: '255.255.255.0',
        network_id: 'oam',
        routes: [{ network: '0.0.0.0', netmask: '0.0.0.0', gateway: `10.20.${rack}.1` }],
      },
      {
        id: 'pxe-ipv4',
        type: 'ipv4',
        link: 'eno1',
        ip_address: addresses.pxe,
        netmask: '255.255.255.0',
        network_id: 'pxe',
      },
    ],
    services: DNS_SERVERS.map((address) => ({ type: 'dns' as const, address })),
  };
  return { pxeMac, nics, networkData };
}
