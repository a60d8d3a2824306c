/** What the rest of the server may use of the SIP controller; everything else here is its own. */
export { sipClusterDeclaration } from './sip-cluster-controller';
export { describeLabelSelector } from './match-label-selector';
export { previewSipSchedule, type SipRolePreview } from './preview-sip-schedule';
export { SIP_CLUSTER_OWNER_LABEL } from './sip-names';
