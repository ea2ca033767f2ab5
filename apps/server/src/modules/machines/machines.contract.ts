// The machine area's public surface: what other modules, the seed and the app may use.
export { catalogueDrawingPath, catalogueDrawingsDir, regenerateCatalogue } from './catalogue.generation.ts';
export {
  catalogueAccessCondition,
  loadMachineScope,
  type MachineScope,
  machineScopeCondition,
} from './machines.access.ts';
