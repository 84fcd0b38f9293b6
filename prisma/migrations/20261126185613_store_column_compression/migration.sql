-- Nothing to change on SQLite: this migration has PostgreSQL compress the store's large values with lz4.
SELECT 1;
