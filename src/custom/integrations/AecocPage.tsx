/**
 * AECOC sending: send now, manual send with FTP credentials typed in a dialog (kept only in this component's
 * state for the one call, then cleared: never stored in the browser nor put in the address bar), the local
 * files and the FTP server's responses. A file generated with no FTP configured stays in the local folder and is
 * shown as a warning ('no se ha enviado a AECOC'), never as a success.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { Title, useLocaleState } from 'react-admin';
import { formatDateTime } from '../../core/formats';
import { useIntegrations, type AecocFile } from './api';
import { ConfirmCountDialog } from './ConfirmCountDialog';
import { aecocOutcome, type Outcome } from './outcomes';

/** The products an AECOC send includes: those of the company marked «Enviar a AECOC». */
const AECOC_FILTER = { enviarAecoc: 'S' };

export default function AecocPage() {
  const api = useIntegrations();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<AecocFile[] | null>(null);
  const [responses, setResponses] = useState<AecocFile[] | null>(null);
  const [responsesError, setResponsesError] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const [confirmSend, setConfirmSend] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const loadFiles = useCallback(() => {
    api
      .integrationsAecocLocalFiles()
      .then(setFiles)
      .catch((e: Error) => setError(e.message));
  }, [api]);

  useEffect(loadFiles, [loadFiles]);

  const send = async (credentials?: { email: string; password: string }) => {
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      setResult(aecocOutcome(await api.integrationsSendAecoc(credentials)));
      loadFiles();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const sendManual = (event: FormEvent) => {
    event.preventDefault();
    const credentials = { email: email.trim(), password };
    setDialog(false);
    setPassword('');
    void send(credentials);
  };

  const loadResponses = async () => {
    setBusy(true);
    setResponsesError(null);
    try {
      setResponses(await api.integrationsAecocResponses());
    } catch (e) {
      setResponsesError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Title title="Envío a AECOC" />
      <Card>
        <CardHeader
          title="Enviar productos a AECOC"
          subheader="Se envían los productos con «Enviar a AECOC» = S"
        />
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={busy} onClick={() => setConfirmSend(true)}>
              Enviar ahora
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => setDialog(true)}>
              Envío manual con credenciales
            </Button>
            <Button disabled={busy} onClick={() => void loadResponses()}>
              Ver respuesta del FTP
            </Button>
          </Box>
          {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Enviando" />}
          {result && (
            <Alert severity={result.severity} sx={{ mt: 2 }} role="status">
              {result.title && <AlertTitle>{result.title}</AlertTitle>}
              {result.mensaje}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Ficheros locales" />
        <CardContent>
          {files === null ? (
            <LinearProgress />
          ) : files.length === 0 ? (
            'Todavía no se ha generado ningún fichero'
          ) : (
            <Table size="small" aria-label="Ficheros locales">
              <TableHead>
                <TableRow>
                  <TableCell>Fichero</TableCell>
                  <TableCell>Fecha</TableCell>
                  <TableCell align="right">Tamaño</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {files.map((f) => (
                  <TableRow key={f.nombre}>
                    <TableCell>{f.nombre}</TableCell>
                    <TableCell>{formatDateTime(f.fecha, locale)}</TableCell>
                    <TableCell align="right">{f.tamano} B</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {(responses || responsesError) && (
        <Card>
          <CardHeader title="Respuesta del FTP de AECOC" />
          <CardContent>
            {responsesError && <Alert severity="error">{responsesError}</Alert>}
            {responses?.length === 0 && 'El servidor FTP no tiene respuestas'}
            {responses?.map((f) => (
              <Box key={f.nombre} sx={{ mb: 2 }}>
                <strong>{f.nombre}</strong>
                <Box component="pre" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'grey.100', p: 1, m: 0 }}>
                  {f.contenido}
                </Box>
              </Box>
            ))}
          </CardContent>
        </Card>
      )}
      <ConfirmCountDialog
        open={confirmSend}
        title="Enviar a AECOC"
        filter={AECOC_FILTER}
        question={(products) =>
          `¿Enviar ${products} a AECOC? Se envían los productos con «Enviar a AECOC» = S.`
        }
        nothingText="No hay productos con «Enviar a AECOC» = S: no hay nada que enviar."
        confirmLabel="Enviar"
        onClose={() => setConfirmSend(false)}
        onConfirm={() => {
          setConfirmSend(false);
          void send();
        }}
      />
      <Dialog open={dialog} onClose={() => setDialog(false)}>
        <Box component="form" onSubmit={sendManual} autoComplete="off">
          <DialogTitle>Envío manual a AECOC</DialogTitle>
          <DialogContent>
            <TextField
              label="Usuario (email)"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              fullWidth
              margin="dense"
              autoFocus
              autoComplete="off"
            />
            <TextField
              label="Contraseña"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              fullWidth
              margin="dense"
              autoComplete="new-password"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(false)}>Cancelar</Button>
            <Button type="submit" variant="contained" disabled={!email.trim() || !password}>
              Enviar
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}
