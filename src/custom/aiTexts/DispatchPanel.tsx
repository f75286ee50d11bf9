/**
 * "Envío directo al servicio de textos": the selected products through the generic dispatch, ONE product (and
 * marketplace) per request so that no request does unbounded work, with progress and "Detener".
 */
import { useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Button,
  FormControlLabel,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useAiTexts, type DispatchAnswer, type DispatchEndpoint } from './api';
import { itemsEnvio, MODOS_ENVIO, mensajeErrorEnvio, resumenEnvios } from './dispatch';
import { porcentaje } from '../../core/aiTexts/status';

interface Props {
  productos: number[];
  marketplaces: number[];
  idiomas: string[];
}

type Outcome =
  | { kind: 'answer'; ok: boolean; titulo: string; mensaje: string }
  | { kind: 'error'; mensaje: string; previo?: string };

export const DispatchPanel = ({ productos, marketplaces, idiomas }: Props) => {
  const api = useAiTexts();
  const [endpoint, setEndpoint] = useState<DispatchEndpoint>('pim/process-base64');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const stop = useRef(false);
  const sending = progress !== null;

  const send = async () => {
    const items = itemsEnvio(productos, marketplaces, idiomas);
    stop.current = false;
    setOutcome(undefined);
    setProgress({ done: 0, total: items.length });
    const answers: DispatchAnswer[] = [];
    try {
      for (const item of items) {
        if (stop.current) break;
        answers.push(await api.aiDispatch(endpoint, [item]));
        setProgress({ done: answers.length, total: items.length });
      }
      setOutcome({ kind: 'answer', ...resumenEnvios(answers, items.length) });
    } catch (error) {
      setOutcome({
        kind: 'error',
        mensaje: mensajeErrorEnvio(error),
        previo: answers.length ? resumenEnvios(answers, items.length).mensaje : undefined,
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      component="section"
      aria-label="Envío directo al servicio de textos"
    >
      <Typography variant="subtitle1" component="h2">
        Envío directo al servicio de textos
      </Typography>
      <RadioGroup
        row
        aria-label="Modo de envío"
        value={endpoint}
        onChange={(e) => setEndpoint(e.target.value as DispatchEndpoint)}
      >
        {MODOS_ENVIO.map((m) => (
          <FormControlLabel
            key={m.endpoint}
            value={m.endpoint}
            control={<Radio />}
            label={m.label}
            title={m.ayuda}
            disabled={sending}
          />
        ))}
      </RadioGroup>
      <Typography variant="caption" color="text.secondary" component="p">
        {MODOS_ENVIO.find((m) => m.endpoint === endpoint)?.ayuda}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="outlined" disabled={sending || !productos.length} onClick={() => void send()}>
          Enviar {productos.length} producto(s)
        </Button>
        {sending && (
          <Button color="warning" onClick={() => (stop.current = true)}>
            Detener
          </Button>
        )}
      </Stack>
      {!productos.length && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Selecciona al menos un producto.
        </Typography>
      )}
      {progress && (
        <>
          <LinearProgress
            sx={{ mt: 1 }}
            variant="determinate"
            value={porcentaje(progress.done, progress.total)}
            aria-label="Enviando al servicio de textos"
          />
          <Typography variant="caption" color="text.secondary">
            Enviando {progress.done} de {progress.total}…
          </Typography>
        </>
      )}
      {outcome && (
        <Alert
          severity={outcome.kind === 'answer' && outcome.ok ? 'success' : 'error'}
          sx={{ mt: 1 }}
          data-testid="dispatch-result"
        >
          <AlertTitle>{outcome.kind === 'answer' ? outcome.titulo : 'Error'}</AlertTitle>
          <span>{outcome.mensaje}</span>
          {outcome.kind === 'error' && outcome.previo && (
            <Typography variant="body2" component="p">
              Antes del error: {outcome.previo}
            </Typography>
          )}
        </Alert>
      )}
    </Paper>
  );
};

export default DispatchPanel;
