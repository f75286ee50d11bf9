/**
 * Catalogue screens: the generic list and edit screens of the schema, plus a way into the catalogue's product
 * assignment (this feature's page). Deleting a catalogue (list bulk delete or the edit page's delete) removes its
 * products first: the data provider does it (catalogos' beforeDelete), so the generic delete buttons need nothing
 * here.
 */
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import Stack from '@mui/material/Stack';
import { Button } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { catalogos } from '../../resources/catalogos/schema';
import {
  LazyGenericEdit as GenericEdit,
  LazyGenericList as GenericList,
} from '../../resources/generic/lazyScreens';
import type { ViewMap } from '../../resources/views';
import { PAGE_PATH } from './page';

const ManageProductsBar = ({ catalogoId }: { catalogoId?: string }) => (
  <Stack direction="row" justifyContent="flex-end" sx={{ pt: 1 }}>
    <Button
      component={Link}
      to={catalogoId ? `/${PAGE_PATH}/${encodeURIComponent(catalogoId)}` : `/${PAGE_PATH}`}
      label={catalogoId ? 'Gestionar los productos de este catálogo' : 'Gestionar productos de catálogos'}
      variant="outlined"
    >
      <PlaylistAddCheck />
    </Button>
  </Stack>
);

const CatalogueList = () => (
  <>
    <ManageProductsBar />
    <GenericList schema={catalogos} />
  </>
);

const CatalogueEdit = () => {
  const { id } = useParams();
  return (
    <>
      <ManageProductsBar catalogoId={id} />
      <GenericEdit schema={catalogos} />
    </>
  );
};

export const views: ViewMap = {
  [catalogos.name]: { list: <CatalogueList />, edit: <CatalogueEdit /> },
};
