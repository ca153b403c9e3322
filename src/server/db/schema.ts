// The database schema, one file per part of the store; drizzle-kit reads it all from here to write migrations.
export * from './schema/catalog.ts';
export * from './schema/content.ts';
export * from './schema/shoppers.ts';
export * from './schema/orders.ts';
export * from './schema/feedback.ts';
export * from './schema/staff.ts';
export * from './schema/fulfilment.ts';
export * from './schema/rights.ts';
export * from './schema/jobs.ts';
