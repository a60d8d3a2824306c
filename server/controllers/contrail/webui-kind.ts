import { webuiResource, type Webui } from '../../types/crds/webui';
import { adminPasswordEnv } from './admin-password';
import { everyPodReady, image, type ComponentContainer, type ComponentKind } from './component-kinds';
import { CONFIG_MAPS_DIR } from './config-files';
import { ADMIN_PASSWORD_ENV, dnsMembers, WEBUI_PORTS, webuiFiles } from './webui-files';

/** Links the pod's files where contrail-web-core looks, waits for the pod's Redis, then starts `program`. */
function nodeServer(program: 'webServerStart' | 'jobServerStart'): string {
  return [
    `ln -sf ${CONFIG_MAPS_DIR}/config.global.js.\${POD_IP} /etc/contrail/config.global.js`,
    `ln -sf ${CONFIG_MAPS_DIR}/contrail-webui-userauth.js /etc/contrail/contrail-webui-userauth.js`,
    `until ss -tln | grep -q ':${WEBUI_PORTS.redisPort} '; do sleep 2; done`,
    `exec /usr/bin/node /usr/src/contrail/contrail-web-core/${program}.js --conf_file /etc/contrail/config.global.js`,
  ].join('; ');
}

/** The admin password from the Secret keystoneSecretName names, as upstream reads it. */
const adminPassword = (webui: Webui) =>
  adminPasswordEnv(ADMIN_PASSWORD_ENV, webui.spec.serviceConfiguration.keystoneSecretName);

/** Webui: upstream's web server, job server and Redis containers, the web server ready when it answers. */
function webuiContainers(webui: Webui): ComponentContainer[] {
  return [
    {
      name: 'webuiweb',
      image: image('controller-webui-web'),
      script: nodeServer('webServerStart'),
      env: adminPassword(webui),
      readinessProbe: {
        httpGet: { path: '/', port: WEBUI_PORTS.webUIHttpsPort as never, scheme: 'HTTPS' },
        initialDelaySeconds: 10,
        timeoutSeconds: 3,
      },
    },
    {
      name: 'webuijob',
      image: image('controller-webui-job'),
      script: nodeServer('jobServerStart'),
      env: adminPassword(webui),
    },
    {
      name: 'redis',
      image: 'redis:4.0.2',
      script: `exec redis-server --lua-time-limit 15000 --dbfilename '' --bind 127.0.0.1 \${POD_IP} --port ${WEBUI_PORTS.redisPort}`,
      readinessProbe: {
        exec: { command: ['sh', '-c', `redis-cli -h "$POD_IP" -p ${WEBUI_PORTS.redisPort} ping`] },
      },
    },
  ];
}

export const webuiKind: ComponentKind<Webui> = {
  type: 'webui',
  resource: webuiResource,
  podFile: 'config.global.js.${POD_IP}',
  // Upstream waits for Config alone; Cassandra is named by cassandraInstance and read from its status.
  needs: ['cassandra', 'config'],
  readsCluster: true,
  containers: webuiContainers,
  // Upstream's Service publishes the HTTPS port alone: the plain one only redirects to it.
  ports: () => ({ webUIHttpsPort: WEBUI_PORTS.webUIHttpsPort }),
  config: (webui, pods, endpoints, members) => webuiFiles(webui, pods, endpoints, members),
  membersRendered: dnsMembers,
  active: everyPodReady,
  statusPorts: () => ({ ...WEBUI_PORTS }),
};
