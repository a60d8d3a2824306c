/** What the rest of the server may use of the PlunderMachine controller. */
export { plunderMachineDeclaration } from './plunder-machine-controller';
