/** @deprecated Transitional: the factories are in ./factories. */
export { createDepartment, createLocation, createPlacementChain, createRoom, type PlacementChain } from './factories';
