/** activoEnMarketplace (docs/requirements.md#r3-entities: S/N, null = not included), the same input on the creation form and the editor. */
import { SelectInput } from 'react-admin';
import { SN_CHOICES } from '../../resources/generic/choices';

export const MarketplaceInput = () => (
  <SelectInput
    source="activoEnMarketplace"
    label="Activo en marketplace"
    choices={SN_CHOICES}
    emptyText="No incluido"
    parse={(value: string) => (value === '' ? null : value)}
    helperText="Vacío: no incluido en marketplaces"
  />
);
