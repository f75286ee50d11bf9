/**
 * General data: the product (name, categories, families), its flags, the general record (ProductoGeneral;
 * markets fixed '724') and the ERP sync log. A field declared on the products schema that this tab does not
 * place (nor the media tab: imagen) is an input of «Otros datos», with the schema's label, type and limits.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SelectInput, useRecordContext } from 'react-admin';
import { productoGeneral } from '../../../resources/productoGeneral/schema';
import { productos } from '../../../resources/productos/schema';
import { declared } from '../../../resources/registry';
import { formFields } from '../../../resources/generic/fieldSets';
import type { ResourceSchema } from '../../../resources/types';
import { SN_CHOICES } from '../../../resources/generic/choices';
import { formatProductDate } from '../../../core/productDate';
import { JoinedListInput } from '../JoinedListInput';
import { Section, schemaInput } from '../layout';
import { MarketplaceInput } from '../MarketplaceInput';
import { ROOT_CODE } from '../../../core/categoryTree';

const FLAGS: readonly [string, string][] = [
  ['finalizado', 'Finalizado'],
  ['finalizadoSAT', 'Finalizado SAT'],
  ['enviarAecoc', 'Enviar a AECOC'],
  ['sincronizarConBC', 'Sincronizar con BC'],
  ['ensamblado', 'Ensamblado'],
];

/** The product fields placed by name in the sections below (imagen: the media tab). */
const PLACED = new Set([
  'nombre',
  'categorias',
  'familias',
  ...FLAGS.map(([source]) => source),
  'activoEnMarketplace',
  'ordenAtributos',
  'imagen',
]);

/** The editable product fields no section places: «Otros datos». */
export const otherProductFields = (schema: ResourceSchema): string[] =>
  formFields(schema, 'edit')
    .filter((field) => !PLACED.has(field.name))
    .map((field) => field.name);

const GENERAL_TEXTS = [
  'titulo',
  'ean',
  'sku',
  'GLN',
  'referenciaAgrupacion',
  'marca',
  'color',
  'dimensiones',
];
const GENERAL_STATES = ['clasificacion', 'estadoReferencia', 'formatoRP'];
const GENERAL_LONG = ['descripcion', 'descripcionLarga', 'palabrasClave', 'puntosClave', 'descripcionAecoc'];

const SyncLog = () => {
  const record = useRecordContext();
  if (!record) return null;
  const rows: [string, string][] = [
    ['Última sincronización con BC', formatProductDate(record.fechaSincronizacionConBC) || '—'],
    ['Última ejecución del proceso', formatProductDate(record.fechaEjecucionDeProcesoSincroBC) || '—'],
  ];
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      {rows.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {label}:
          </Box>{' '}
          {value}
        </Typography>
      ))}
      {record.motivoErrorSincroConBC ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {String(record.motivoErrorSincroConBC)}
        </Alert>
      ) : null}
    </Box>
  );
};

/** A product field's declaration: the editor takes labels and limits from the schema, never its own copy. */
const productField = (name: string) => {
  const field = productos.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`productos.${name} no existe`);
  return field;
};

const OtherFields = () => {
  const schema = declared(productos);
  const names = otherProductFields(schema);
  if (!names.length) return null;
  return <Section title="Otros datos">{names.map((name) => schemaInput(schema, name))}</Section>;
};

export const GeneralTab = () => (
  <Box sx={{ width: '100%' }}>
    <Section title="Producto">
      {schemaInput(productos, 'nombre')}
      <JoinedListInput
        source="categorias"
        label="Categorías"
        reference="categorias"
        excludeCodes={[ROOT_CODE]}
        maxLength={productField('categorias').maxLength}
        helperText="Al cambiar la categoría se sincronizan los atributos"
      />
      <JoinedListInput
        source="familias"
        label={productField('familias').label}
        reference="familias"
        maxLength={productField('familias').maxLength}
      />
    </Section>
    <Section title="Estado">
      {FLAGS.map(([source, label]) => (
        <SelectInput key={source} source={source} label={label} choices={SN_CHOICES} helperText={false} />
      ))}
      <MarketplaceInput />
      {schemaInput(productos, 'ordenAtributos', '', { fullWidth: false })}
    </Section>
    <OtherFields />
    <Section title="Datos generales">
      {GENERAL_TEXTS.map((name) => schemaInput(productoGeneral, name, 'general.'))}
      {schemaInput(productoGeneral, 'mercados', 'general.', {
        readOnly: true,
        helperText: 'Mercado fijo: 724 (España)',
      })}
      {GENERAL_STATES.map((name) => schemaInput(productoGeneral, name, 'general.'))}
    </Section>
    <Section title="Descripciones" wide>
      {GENERAL_LONG.map((name) => schemaInput(productoGeneral, name, 'general.'))}
    </Section>
    <Section title="Sincronización con BC">
      <SyncLog />
    </Section>
  </Box>
);
