/**
 * The two configuration Secrets upstream renders from templates/placementapi/config: `<name>-scripts`
 * (kolla start-up descriptions) and `<name>-config-data` (placement.conf with the passwords,
 * httpd.conf, ssl.conf, custom.conf, my.cnf, policy.yaml). Secrets, never ConfigMaps: placement.conf
 * holds the Keystone and database passwords. Pure.
 */
import type { V1Secret } from '@kubernetes/client-node';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { base64Data } from '../common/content-hash';
import {
  DATABASE_NAME,
  ENDPOINT_TYPES,
  names,
  ownedMetadata,
  PLACEMENT_PORT,
  SERVICE_NAME,
} from './placement-names';

export interface ConfigInputs {
  keystoneInternalURL: string;
  keystonePublicURL: string;
  region: string;
  servicePassword: string;
  /** Set when spec.auth.applicationCredentialSecret is used instead of the password. */
  applicationCredential?: { id: string; secret: string };
  databaseUser: string;
  databasePassword: string;
  databaseHostname: string;
}

export function tlsEnabled(placement: PlacementAPI, endpoint: 'internal' | 'public'): boolean {
  return Boolean(placement.spec.tls?.api?.[endpoint]?.secretName);
}

/** oslo.config reads `$name` in a value as another option's value; `$$` is a literal `$`. */
function osloValue(value: string): string {
  return value.replace(/\$/g, () => '$$');
}

function placementConf(placement: PlacementAPI, inputs: ConfigInputs): string {
  const auth = inputs.applicationCredential
    ? [
        'auth_type = v3applicationcredential',
        `application_credential_id = ${osloValue(inputs.applicationCredential.id)}`,
        `application_credential_secret = ${osloValue(inputs.applicationCredential.secret)}`,
      ]
    : [
        'auth_type = password',
        `username = ${osloValue(placement.spec.serviceUser ?? 'placement')}`,
        `password = ${osloValue(inputs.servicePassword)}`,
        'user_domain_name = Default',
        'project_domain_name = Default',
        'project_name = service',
      ];
  // Percent-encoded (SQLAlchemy decodes user and password): a password with `@`, `/` or `:` would
  // otherwise move the host and database name, and `$` would be read as an oslo.config substitution.
  const connection =
    `mysql+pymysql://${encodeURIComponent(inputs.databaseUser)}:${encodeURIComponent(inputs.databasePassword)}` +
    `@${inputs.databaseHostname}/${DATABASE_NAME}?read_default_file=/etc/my.cnf`;
  return [
    '[DEFAULT]',
    'max_logfile_count=5',
    'max_logfile_size_mb=50',
    'log_rotation_type=size',
    'log_file = /var/log/placement/placement-api.log',
    'debug = true',
    '',
    '[placement_database]',
    `connection = ${connection}`,
    '',
    '[api]',
    'auth_strategy = keystone',
    '',
    '[keystone_authtoken]',
    `www_authenticate_uri = ${inputs.keystonePublicURL}`,
    `auth_url = ${inputs.keystoneInternalURL}`,
    ...auth,
    `region_name = ${inputs.region}`,
    'interface = internal',
    '',
    '[oslo_policy]',
    'policy_file=/etc/placement/policy.yaml',
    '',
  ].join('\n');
}

function httpdConf(placement: PlacementAPI): string {
  const namespace = placement.metadata.namespace ?? '';
  const vhosts = ENDPOINT_TYPES.map((endpoint) => {
    const tls = tlsEnabled(placement, endpoint)
      ? [
          '  SetEnvIf X-Forwarded-Proto https HTTPS=1',
          '  SSLEngine on',
          `  SSLCertificateFile      "/etc/pki/tls/certs/${endpoint}.crt"`,
          `  SSLCertificateKeyFile   "/etc/pki/tls/private/${endpoint}.key"`,
        ]
      : [];
    return [
      `# ${endpoint} vhost`,
      `<VirtualHost *:${PLACEMENT_PORT}>`,
      `  ServerName ${SERVICE_NAME}-${endpoint}.${namespace}.svc`,
      `  TimeOut ${placement.spec.apiTimeout ?? 60}`,
      '  ErrorLog /dev/stdout',
      '  CustomLog /dev/stdout combined',
      ...tls,
      `  WSGIDaemonProcess ${endpoint} display-name=${endpoint} group=placement processes=3 threads=1 user=placement`,
      `  WSGIProcessGroup ${endpoint}`,
      '  WSGIApplicationGroup %{GLOBAL}',
      '  WSGIPassAuthorization On',
      '  WSGIScriptAlias / /usr/bin/placement-api',
      '</VirtualHost>',
    ].join('\n');
  });
  return [
    'ServerTokens Prod',
    'ServerSignature Off',
    'TraceEnable Off',
    'PidFile run/httpd.pid',
    'ServerRoot "/etc/httpd"',
    'User apache',
    'Group apache',
    `Listen ${PLACEMENT_PORT}`,
    'TypesConfig /etc/mime.types',
    'Include conf.modules.d/*.conf',
    'ErrorLog /dev/stderr',
    'TransferLog /dev/stdout',
    ...vhosts,
    '',
  ].join('\n');
}

const SSL_CONF = [
  '<IfModule mod_ssl.c>',
  '  SSLRandomSeed startup builtin',
  '  SSLRandomSeed connect builtin',
  '  SSLProtocol all -SSLv3 -TLSv1 -TLSv1.1',
  '</IfModule>',
  '',
].join('\n');

function myCnf(placement: PlacementAPI): string {
  const ssl = placement.spec.tls?.caBundleSecretName ? ['ssl=1'] : [];
  return ['[client]', ...ssl, ''].join('\n');
}

function kollaConfig(command: string, dbSync: boolean): string {
  const file = (source: string, dest: string, owner: string, perm: string, optional = false) => ({
    source: `/var/lib/openstack/config/${source}`,
    dest,
    owner,
    perm,
    ...(optional ? { optional: true } : {}),
  });
  const files = [
    file('placement.conf', '/etc/placement/placement.conf', 'placement', '0600'),
    file('custom.conf', '/etc/placement/placement.conf.d/custom.conf', 'placement', '0600'),
    file('my.cnf', '/etc/my.cnf', 'placement', '0644'),
    ...(dbSync
      ? []
      : [
          file('httpd.conf', '/etc/httpd/conf/httpd.conf', 'apache', '0644'),
          file('ssl.conf', '/etc/httpd/conf.d/ssl.conf', 'apache', '0644'),
          file('policy.yaml', '/etc/placement/policy.yaml', 'placement', '0600', true),
        ]),
  ];
  return `${JSON.stringify({ command, config_files: files }, null, 2)}\n`;
}

export function renderScriptsSecret(placement: PlacementAPI): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: ownedMetadata(placement, names.scripts(placement.metadata.name ?? '')),
    data: base64Data({
      'placement-api-config.json': kollaConfig('/usr/sbin/httpd -DFOREGROUND', false),
      'placement-dbsync-config.json': kollaConfig('placement-manage db sync', true),
    }),
  };
}

export function renderConfigDataSecret(placement: PlacementAPI, inputs: ConfigInputs): V1Secret {
  const files: Record<string, string> = {
    'placement.conf': placementConf(placement, inputs),
    'httpd.conf': httpdConf(placement),
    'ssl.conf': SSL_CONF,
    'custom.conf': placement.spec.customServiceConfig ?? '',
    'my.cnf': myCnf(placement),
    ...placement.spec.defaultConfigOverwrite,
  };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: ownedMetadata(placement, names.configData(placement.metadata.name ?? '')),
    data: base64Data(files),
  };
}
