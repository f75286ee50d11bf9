// How busy the machine was while a bench ran: its load average and, on Linux, the share of the last minute in
// which some runnable work waited for a CPU (/proc/pressure/cpu, «some avg60»). Both count the bench's own
// processes (a browser and the API on two cores keep it at 30–40 %) and everything else the machine runs. Wall
// times and CPU per operation grow with them, so a bench prints them beside its figures.
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';

/** One line: «load 1.04 (1 min), CPU pressure 27 % (1 min)», without the pressure where the system has none. */
export function hostLoad() {
  const load = `load ${loadavg()[0].toFixed(2)} (1 min)`;
  try {
    const some = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? `${load}, CPU pressure ${Math.round(Number(some[1]))} % (1 min)` : load;
  } catch {
    return load;
  }
}
