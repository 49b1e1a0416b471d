export * from './accounts';
export * from './catalogue';
export * from './content';
export * from './delivery';
export * from './invoices';
export * from './operations';
export * from './orders';
export * from './sessions';
