export { SessionGuard, InactivityNotice } from './SessionGuard';
export { useInactivityLogout, INACTIVITY_CHANNEL, CROSS_TAB_SYNC_MS } from './useInactivityLogout';
export { sessionEndedElsewhere, watchSessionEnd } from './crossTab';
export * from '../../core/inactivity';
