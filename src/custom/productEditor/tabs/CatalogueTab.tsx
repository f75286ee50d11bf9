/** Catalogue and cost data (ProductoDatosCatalogo), saved with the form. */
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { productoDatosCatalogo } from '../../../resources/productoDatosCatalogo/schema';
import { Section, schemaInput } from '../layout';

const euro = { InputProps: { endAdornment: <InputAdornment position="end">€</InputAdornment> } };

export const CatalogueTab = () => (
  <Box sx={{ width: '100%' }}>
    <Section title="Catálogo">
      {['codigoFabricante', 'skuProvisional', 'capacidadCarga', 'contenedor'].map((name) =>
        schemaInput(productoDatosCatalogo, name, 'datosCatalogo.'),
      )}
    </Section>
    <Section title="Costes">
      {['precioFabrica', 'costoAlmacen', 'costeEstandar', 'envio', 'arancel'].map((name) =>
        schemaInput(productoDatosCatalogo, name, 'datosCatalogo.', euro),
      )}
    </Section>
    <Section title="Detalles" wide>
      {['detallesProducto', 'necesidadesProducto'].map((name) =>
        schemaInput(productoDatosCatalogo, name, 'datosCatalogo.'),
      )}
    </Section>
  </Box>
);
