import { controlResource, type Control } from '../../types/crds/control';
import {
  CONFIGDB_RABBIT_OPTIONS,
  everyPodReady,
  image,
  type ComponentContainer,
  type ComponentKind,
} from './component-kinds';
import { CONFIG_MAPS_DIR } from './config-files';
import { controlFiles, controlSettings, NAMED_DIR } from './control-files';

/** named and contrail-dns share named's folder: the rndc key named makes and dns reloads it with. */
const NAMED_SCRATCH = { named: NAMED_DIR };

/** Control: upstream's containers of the control nodes. */
function controlContainers(control: Control): ComponentContainer[] {
  const containers: ComponentContainer[] = [
    {
      name: 'control',
      image: image('controller-control-control'),
      script: `exec /usr/bin/contrail-control --conf_file ${CONFIG_MAPS_DIR}/control.\${POD_IP} ${CONFIGDB_RABBIT_OPTIONS}`,
    },
    {
      name: 'dns',
      image: image('controller-control-dns'),
      script: `exec /usr/bin/contrail-dns --conf_file ${CONFIG_MAPS_DIR}/dns.\${POD_IP} ${CONFIGDB_RABBIT_OPTIONS}`,
      scratch: NAMED_SCRATCH,
    },
    {
      name: 'named',
      image: image('controller-control-named'),
      script: [
        `[ -f ${NAMED_DIR}/rndc.key ] || rndc-confgen -a -A hmac-md5 -k rndc-key -c ${NAMED_DIR}/rndc.key`,
        'touch /var/log/contrail/contrail-named.log',
        `exec /usr/bin/contrail-named -f -g -u contrail -c ${CONFIG_MAPS_DIR}/named.\${POD_IP}`,
      ].join('; '),
      scratch: NAMED_SCRATCH,
    },
  ];
  if (control.spec.serviceConfiguration.nodeManager !== false)
    containers.push({
      name: 'nodemanager',
      image: image('nodemgr'),
      // Registers the pod as a BGP router with Config, then runs the node manager (upstream's order).
      script: [
        `ln -sf ${CONFIG_MAPS_DIR}/nodemanager.\${POD_IP} /etc/contrail/contrail-control-nodemgr.conf`,
        `ln -sf ${CONFIG_MAPS_DIR}/vnc.\${POD_IP} /etc/contrail/vnc_api_lib.ini`,
        `bash ${CONFIG_MAPS_DIR}/provision.sh.\${POD_IP} add`,
        'exec /usr/bin/python /usr/bin/contrail-nodemgr --nodetype=contrail-control',
      ].join('; '),
      env: [
        { name: 'NODE_TYPE', value: 'control' },
        { name: 'DATA_IP', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['dataSubnetIP']" } } },
      ],
    });
  return containers;
}

export const controlKind: ComponentKind<Control> = {
  type: 'control',
  resource: controlResource,
  podFile: 'control.${POD_IP}',
  needs: ['cassandra', 'rabbitmq', 'config'],
  containers: controlContainers,
  ports: (control) => controlSettings(control).ports,
  config: (control, pods, endpoints) => controlFiles(control, pods, endpoints),
  active: everyPodReady,
  statusPorts: (control) => {
    const { ports, asnNumber } = controlSettings(control);
    return {
      bgpPort: `${ports.bgpPort}`,
      asnNumber: `${asnNumber}`,
      xmppPort: `${ports.xmppPort}`,
      dnsPort: `${ports.dnsPort}`,
      dnsIntrospectPort: `${ports.dnsIntrospectPort}`,
    };
  },
};
