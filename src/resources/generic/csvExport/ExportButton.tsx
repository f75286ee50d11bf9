/**
 * The generic lists' export button (docs/requirements.md#r7-api): the list's resource as `{table}_PIM.csv` (semicolon, BOM, values
 * stripped and neutralised), the current company and the current filter, every page of it (not only the one
 * shown), with progress and cancel for large tables. Resources without a table export their fields as
 * `{resource}_PIM.csv`.
 */
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext } from 'react-admin';
import type { ResourceSchema } from '../../types';
import { ExportProgressDialog, useCsvExport } from './useCsvExport';

export const CsvExportButton = ({ schema }: { schema: ResourceSchema }) => {
  const { filterValues, total, isPending } = useListContext();
  const { run, job, cancel } = useCsvExport();
  return (
    <>
      <Button
        label="ra.action.export"
        onClick={() => void run(schema, { filter: filterValues })}
        disabled={isPending || total === 0 || job !== null}
      >
        <DownloadIcon />
      </Button>
      <ExportProgressDialog job={job} onCancel={cancel} />
    </>
  );
};

export default CsvExportButton;
