/**
 * A stored picture (thumbnail or preview) with a neutral placeholder when it is missing or not an image. Its URL
 * carries the session's access token (mediaUrl); when it fails to load, it is tried ONCE more with a newer token
 * (tokenAfterFailure: the token may have expired while the page sat idle), then the placeholder stays.
 */
import ImageNotSupported from '@mui/icons-material/ImageNotSupportedOutlined';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { getAccessToken } from '../../authProvider/session';
import { tokenAfterFailure } from './mediaToken';
import { mediaUrl, useMediaBaseUrl } from './useProductApi';

export interface MediaThumbProps {
  path?: string | null;
  alt: string;
  width?: number;
  height?: number;
  /** A document (no picture): a file icon instead. */
  document?: boolean;
}

/** After a failed load of `path`: waiting for a token, loading again with a newer one, or given up. */
interface Failure {
  path: string | null | undefined;
  stage: 'waiting' | 'retrying' | 'broken';
}

export const MediaThumb = ({ path, alt, width = 48, height = 36, document = false }: MediaThumbProps) => {
  const base = useMediaBaseUrl();
  const [failure, setFailure] = useState<Failure | null>(null);
  // A new path starts afresh.
  const stage = failure && failure.path === path ? failure.stage : undefined;
  const token = getAccessToken();
  const url = mediaUrl(base, path, token);
  const onError = () => {
    if (stage !== undefined) {
      setFailure({ path, stage: 'broken' });
      return;
    }
    setFailure({ path, stage: 'waiting' });
    void tokenAfterFailure(base, token).then((fresh) =>
      setFailure((current) =>
        current && current.path === path && current.stage === 'waiting'
          ? { path, stage: fresh && fresh !== token ? 'retrying' : 'broken' }
          : current,
      ),
    );
  };
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
  if (document || !url || stage === 'waiting' || stage === 'broken') {
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
        onError={onError}
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
};
