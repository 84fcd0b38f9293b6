import "server-only";
// Every job kind, loaded with the runner so that it can step any job it finds in the table.
import "../sources/sync-job";
import "../insights/recompute-signals";
import "../privacy/apply-redaction";
import "../privacy/retention";
import "../privacy/erasure-job";
import "../privacy/person-keys-job";
