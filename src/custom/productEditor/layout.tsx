/** Layout helpers of the editor's tabs: titled sections with a responsive grid of inputs. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { inputFor } from '../../resources/generic/inputFor';
import type { ResourceSchema } from '../../resources/types';

export const Section = ({
  title,
  children,
  description,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  description?: ReactNode;
  /** One input per row (long texts). */
  wide?: boolean;
}) => (
  <Box component="section" sx={{ width: '100%', mb: 3 }} aria-label={title}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: description ? 0 : 1 }}>
      {title}
    </Typography>
    {description && (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
    )}
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: wide ? '1fr' : { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        alignItems: 'start',
        '& .MuiFormControl-root': { m: 0 },
      }}
    >
      {children}
    </Box>
  </Box>
);

/** The schema's input for one field, at `prefix + name` in the form, labelled with the schema label. */
export const schemaInput = (
  schema: ResourceSchema,
  name: string,
  prefix = '',
  extra: Record<string, unknown> = {},
): ReactElement => {
  const field = schema.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`${schema.name}.${name} no existe`);
  const element = inputFor({ ...field, name: `${prefix}${field.name}` });
  return cloneElement(element as ReactElement<Record<string, unknown>>, {
    key: `${prefix}${name}`,
    label: field.label,
    fullWidth: true,
    helperText: false,
    ...extra,
  });
};
