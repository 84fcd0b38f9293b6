// The store's entry for the benchmark scripts and the tests: raw statements and the pieces of the
// list query, to measure the store against its own floor. The portal's code imports the index.
export { int, join, sql, sqlText, toNumber, type Sql } from "./sql";
export { activeDatabase, storeRead, storeWrite } from "./active-database";
export { slotCountsSql } from "./slot-counts";
export { pageOfKeysSql, plainKeySource } from "./key-source";
export { LIST_COLUMNS } from "./transcript-row";
export { LISTED_ANNOTATION_COLUMNS, LISTED_ANNOTATION_JOINS } from "./review-columns";
