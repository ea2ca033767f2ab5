import { articoloEntity } from './articolo.entity.tsx';
import { articoloArticoloEntity } from './articolo-articolo.entity.tsx';
import { articoloEquivEntity } from './articolo-equiv.entity.tsx';
import { categoriaEntity } from './categoria.entity.tsx';
import { comboVociEntity } from './combo-voci.entity.tsx';
import { marchioEntity } from './marchio.entity.tsx';
import { searchLogEntity } from './search-log.entity.tsx';
import { tipoCategoriaEntity } from './tipo-categoria.entity.tsx';

/** Every catalogue entity, in the order the hub page offers them. */
export const CATALOGUE_ADMIN_CONFIGS = [
  articoloEntity,
  marchioEntity,
  categoriaEntity,
  tipoCategoriaEntity,
  articoloArticoloEntity,
  articoloEquivEntity,
  comboVociEntity,
  searchLogEntity,
] as const;
