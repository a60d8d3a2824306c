/** What the rest of the server may use of the HardwareData controller. */
export { hardwareDataDeclaration, type InspectionSighting } from './hardware-data-controller';
