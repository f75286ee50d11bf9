/**
 * Renaming a product: its files live under multimedia/{nombre}/, so the folder moves to the new name and the
 * paths that point into it (its media records' fichero, the product's imagen) are rewritten. Run after the
 * rename is stored (an afterUpdate hook), so a refused rename (duplicate name) moves nothing.
 */
import type { RepositorySet, StoredRecord } from '../../repository-set';
import { rewriteMediaPath } from './replica';
import type { UploadStore } from './uploads';

export async function renameProductFiles(
  repos: RepositorySet,
  store: UploadStore,
  product: Pick<StoredRecord<'productos'>, 'id' | 'nombre' | 'imagen'>,
  from: string,
): Promise<void> {
  const to = String(product.nombre ?? '');
  if (!from || !to || from === to) return;
  await store.moveFolder(from, to);
  const media = repos.repository('producto-multimedias');
  for (const row of await media.find({ where: { productoId: product.id } })) {
    const fichero = rewriteMediaPath(row.fichero, from, to);
    if (fichero === row.fichero) continue;
    // One record refused by a write rule (old data) does not leave the others pointing at the old folder.
    await media.updateById(row.id, { fichero }).catch((err: unknown) => {
      console.error(`Renaming ${from} → ${to}: media ${String(row.id)} not rewritten`, err);
    });
  }
  const imagen = rewriteMediaPath(product.imagen, from, to);
  if (imagen !== product.imagen) await repos.repository('productos').updateById(product.id, { imagen });
}
