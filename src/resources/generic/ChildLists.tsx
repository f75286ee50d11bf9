/**
 * The child lists of a record's edit screen (schema `children`), e.g. a company's links to the ERP
 * (EmpresasBC: limited to 20 by idEmpresa, brand name and code joined in by the API). Each list can add a child
 * (the child's create form, prefilled with the parent, comes back here) and delete one after confirmation.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CreateButton, Datagrid, DeleteButton, ReferenceManyField, useRecordContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { schemaFor } from '../registry';
import type { ChildListSchema, ResourceSchema } from '../types';
import { fieldFor } from './fieldFor';
import { listColumns } from './fieldSets';

const columnsOf = (child: ChildListSchema, target: ResourceSchema) => {
  const wanted = child.columns;
  return wanted
    ? target.fields.filter((field) => wanted.includes(field.name))
    : listColumns(target)
        .filter((column) => !column.hidden && column.field.name !== child.target)
        .map((column) => column.field);
};

const ChildList = ({ child }: { child: ChildListSchema }) => {
  const record = useRecordContext();
  const location = useLocation();
  const target = schemaFor(child.resource);
  if (!record || !target) return null;
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {child.label}
        </Typography>
        {target.operations.create && (
          <CreateButton
            resource={child.resource}
            state={{ record: { [child.target]: record.id }, returnTo }}
            label="ra.action.add"
          />
        )}
        <ReferenceManyField
          reference={child.resource}
          target={child.target}
          perPage={child.perPage ?? 20}
          sort={target.sort}
        >
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyChildren />}>
            {columnsOf(child, target).map((field) => fieldFor(field))}
            {target.operations.delete && (
              <DeleteButton mutationMode="pessimistic" redirect={false} label="ra.action.delete" />
            )}
          </Datagrid>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
};

const EmptyChildren = () => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
    Sin registros.
  </Typography>
);

export const ChildLists = ({ schema }: { schema: ResourceSchema }) =>
  schema.children?.length ? (
    <>
      {schema.children.map((child) => (
        <ChildList key={`${child.resource}.${child.target}`} child={child} />
      ))}
    </>
  ) : null;
