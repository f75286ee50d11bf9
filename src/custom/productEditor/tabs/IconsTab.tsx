/**
 * Icons of the product (ProductoIconos: icon + text). Saved with the form: when the list changed, the
 * product's icons are reset (DELETE /ProductoIconosDeleteByIdProducto/{idProducto}) and created again.
 */
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  required,
  useSimpleFormIterator,
  useSourceContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { iconValueError } from '../../../core/iconValues';
import { duplicateIcons, type IconRow } from '../savePlan';
import type { IconChoice } from '../useEditorCatalogue';

export const DUPLICATE_ICON = 'Cada icono solo puede aparecer una vez';

const IconTextInput = ({ icons }: { icons: readonly IconChoice[] }) => {
  const sourceContext = useSourceContext();
  const idIcono = useWatch({ name: sourceContext.getSource('idIcono') }) as number | string | undefined;
  const icon = icons.find((candidate) => String(candidate.id) === String(idIcono));
  return (
    <TextInput
      source="texto"
      label="Texto"
      validate={[
        maxLength(255),
        (value: unknown) => (icon ? iconValueError(icon.nombre, icon.posiblesValores, value) : undefined),
      ]}
      helperText={
        icon?.posiblesValores.length ? `Valores posibles: ${icon.posiblesValores.join(', ')}` : false
      }
      sx={{ minWidth: 260 }}
    />
  );
};

const AddIconButton = () => {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddCircleOutline />} onClick={() => add()}>
      Añadir icono
    </Button>
  );
};

const EmptyHint = () => {
  const rows = useWatch({ name: 'iconos' }) as unknown[] | undefined;
  return rows?.length ? null : (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Este producto no tiene iconos.
    </Typography>
  );
};

export const IconsTab = ({ icons }: { icons: readonly IconChoice[] }) => (
  <Box sx={{ width: '100%' }}>
    <EmptyHint />
    <ArrayInput
      source="iconos"
      label="Iconos del producto"
      validate={(rows: IconRow[] | undefined) =>
        duplicateIcons(rows ?? []).length ? DUPLICATE_ICON : undefined
      }
    >
      <SimpleFormIterator inline disableReordering addButton={<AddIconButton />}>
        <SelectInput
          source="idIcono"
          label="Icono"
          choices={icons.map((icon) => ({ id: icon.id, name: icon.nombre }))}
          validate={required()}
          sx={{ minWidth: 220 }}
        />
        <IconTextInput icons={icons} />
      </SimpleFormIterator>
    </ArrayInput>
  </Box>
);
