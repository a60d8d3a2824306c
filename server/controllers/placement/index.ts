/** What the rest of the server may use of the PlacementAPI controller; everything else here is its own. */
export { placementDeclaration } from './placement-controller';
export { SUB_CONDITIONS } from './placement-conditions';
export { INPUT_HASH_ANNOTATION } from './placement-names';
