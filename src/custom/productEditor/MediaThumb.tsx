/** A stored picture (thumbnail or preview) with a neutral placeholder when it is missing or not an image. */
import ImageNotSupported from '@mui/icons-material/ImageNotSupportedOutlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { mediaUrl, useMediaBaseUrl } from './useProductApi';

export interface MediaThumbProps {
  path?: string | null;
  alt: string;
  width?: number;
  height?: number;
  /** A document (no picture): a file icon instead. */
  document?: boolean;
}

export const MediaThumb = ({ path, alt, width = 48, height = 36, document = false }: MediaThumbProps) => {
  const base = useMediaBaseUrl();
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [path]);
  const url = mediaUrl(base, path);
  const frame = {
    width,
    height,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'grey.50',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    flexShrink: 0,
  } as const;
  if (document || !url || broken) {
    const Icon = document ? InsertDriveFile : ImageNotSupported;
    return (
      <Box sx={frame} role="img" aria-label={document ? alt : `${alt} (sin imagen)`}>
        <Icon fontSize="small" color="disabled" />
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <img
        src={url}
        alt={alt}
        loading="lazy"
        onError={() => setBroken(true)}
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
};
