/** What the rest of the server may use of the Ironic controllers; everything else here is theirs. */
export { ironicDeclaration } from './ironic-controller';
export { ironicDatabaseDeclaration } from './ironic-database-controller';
export { readCredentials } from './credentials';
export { DATABASE_OWNER_LABEL, IRONIC_OWNER_LABEL } from './ironic-names';
export { DEFAULT_PORTS, ironicApiServicePort, ironicPorts } from './render-ironic';
