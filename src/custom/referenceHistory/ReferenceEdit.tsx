/**
 * The generic edit screen of a category, family, brand or attribute with its «Historial» under the form (an
 * attribute keeps its confirmation before removing categories).
 */
import { useCategoryRemovalGuard } from '../../resources/atributos/useCategoryRemovalGuard';
import { GenericEdit } from '../../resources/generic/GenericEdit';
import { schemaFor } from '../../resources/registry';
import { ReferenceHistory } from './ReferenceHistory';

const ReferenceEdit = ({ resource }: { resource: string }) => {
  const schema = schemaFor(resource);
  if (!schema) return null;
  return (
    <GenericEdit
      schema={schema}
      useSaveGuard={resource === 'atributos' ? useCategoryRemovalGuard : undefined}
      extra={<ReferenceHistory resource={resource} />}
    />
  );
};

export default ReferenceEdit;
