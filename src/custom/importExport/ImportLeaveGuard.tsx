/**
 * While an import runs, leaving the page inside the app (menu, links, back button) asks first: staying keeps it
 * running; leaving cancels it (rows already sent stay imported, the rest are not sent). Closing or reloading the
 * tab is the browser's own 'beforeunload' question (ImportPage).
 */
import { useEffect } from 'react';
import { Confirm, useBlocker } from 'react-admin';

export const LEAVE_TITLE = 'Importación en curso';
export const LEAVE_TEXT =
  'Si sale de esta página se cancelará la importación: las filas ya enviadas quedan importadas y el resto no se importa. ¿Salir de todos modos?';

export const ImportLeaveGuard = ({ running, onLeave }: { running: boolean; onLeave: () => void }) => {
  const blocker = useBlocker(running);
  // The import ended while the question was open: nothing left to lose, go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !running) blocker.proceed();
  }, [blocker, running]);
  return (
    <Confirm
      isOpen={blocker.state === 'blocked' && running}
      title={LEAVE_TITLE}
      content={LEAVE_TEXT}
      confirm="Salir y cancelar"
      cancel="Seguir importando"
      onConfirm={() => {
        onLeave();
        if (blocker.state === 'blocked') blocker.proceed();
      }}
      onClose={() => {
        if (blocker.state === 'blocked') blocker.reset();
      }}
    />
  );
};
