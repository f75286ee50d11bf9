/** A drop zone of the Multimedia tab (react-dropzone): files dropped or picked, refused ones included. */
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';

export const DropArea = ({
  label,
  hint,
  multiple,
  accept,
  disabled,
  onFiles,
  testId,
}: {
  label: string;
  hint: string;
  multiple: boolean;
  accept: Record<string, string[]>;
  disabled: boolean;
  onFiles(files: File[]): void;
  testId: string;
}) => {
  const onDrop = useCallback(
    (accepted: File[], rejected: FileRejection[]) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
    [onFiles],
  );
  // Size and type are checked by uploadProblem (clear Spanish messages), not by the dropzone.
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple, disabled, accept });
  return (
    <Box
      {...getRootProps()}
      data-testid={testId}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        bgcolor: isDragActive ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        p: 2,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        outline: 'none',
        '&:focus-visible': { borderColor: 'primary.main' },
      }}
    >
      <input {...getInputProps()} aria-label={label} />
      <UploadFile color={disabled ? 'disabled' : 'primary'} />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
};
