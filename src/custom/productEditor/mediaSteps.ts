/**
 * Runs the writes of a media plan (src/core/productEditor/mediaPlan.ts) through the data provider: one request
 * per step, in order; the first failure stops the rest and is thrown.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { MediaStep } from '../../core/productEditor/mediaPlan';

export interface MediaStepTarget {
  dataProvider: DataProvider;
  productId: Identifier;
  /** The product's `imagen` was written (the header and the list show it). */
  onImageChange(imagen: string): void;
}

export async function runMediaSteps(
  steps: readonly MediaStep[],
  { dataProvider, productId, onImageChange }: MediaStepTarget,
): Promise<void> {
  for (const step of steps) {
    switch (step.kind) {
      case 'update':
        await dataProvider.update('producto-multimedias', {
          id: step.id,
          data: step.data,
          previousData: { ...step.previous, id: step.id },
        });
        break;
      case 'create':
        await dataProvider.create('producto-multimedias', { data: step.data });
        break;
      case 'delete':
        await dataProvider.delete('producto-multimedias', {
          id: step.id,
          previousData: { ...step.previous, id: step.id },
        });
        break;
      case 'imagen':
        await dataProvider.update('productos', {
          id: productId,
          data: { imagen: step.imagen },
          previousData: { id: productId },
        });
        onImageChange(step.imagen);
        break;
    }
  }
}
