/** @deprecated Transitional: the factories are in ./factories. */
export {
  createBrand,
  createBrandType,
  createCategory,
  createMachineType,
  createQuestion,
  createQuestionnaire,
  uniqueName,
  type Built,
} from './factories';
export { storedStructure } from './helpers';
