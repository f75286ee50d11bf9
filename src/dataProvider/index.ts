export * from './config';
export * from './errors';
export * from './http';
export * from './loopback';
export * from './where';
