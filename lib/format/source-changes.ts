// The Sources page's edit dialog: only changed fields are sent; the API key only when typed; a
// base URL on another address needs the key again (the server refuses it otherwise).
import { sourceAddress, type SourceDto, type SourceKind, type UpdateSourceInput } from "@/lib/schemas/sources";

export interface SourceEditValues {
  name: string;
  kind: SourceKind;
  projectId: string;
  apiKey: string;
  environmentId: string;
  baseUrl: string;
  startDate: string;
  paused: boolean;
}

/** The form's starting values for a source: its settings, the key empty (write-only). */
export function sourceEditValues(source: SourceDto): SourceEditValues {
  return {
    name: source.name,
    kind: source.kind,
    projectId: source.projectId,
    apiKey: "",
    environmentId: source.environmentId ?? "",
    baseUrl: source.baseUrl ?? "",
    startDate: source.startDate,
    paused: source.paused,
  };
}

/** The PATCH body: the fields that differ from the source (text trimmed, an emptied optional field as ""); an empty start date keeps it. */
export function sourceChanges(source: SourceDto, values: SourceEditValues): UpdateSourceInput {
  const changes: UpdateSourceInput = {};
  const text = (value: string) => value.trim();
  if (text(values.name) !== source.name) changes.name = text(values.name);
  if (values.kind !== source.kind) changes.kind = values.kind;
  if (text(values.projectId) !== source.projectId) changes.projectId = text(values.projectId);
  if (text(values.environmentId) !== (source.environmentId ?? "")) changes.environmentId = text(values.environmentId);
  if (text(values.baseUrl) !== (source.baseUrl ?? "")) changes.baseUrl = text(values.baseUrl);
  if (values.startDate && values.startDate !== source.startDate) changes.startDate = values.startDate;
  if (values.paused !== source.paused) changes.paused = values.paused;
  if (text(values.apiKey)) changes.apiKey = text(values.apiKey);
  return changes;
}

/** Whether the changes send the stored key to another address: then the key must be typed again. */
export function needsApiKeyAgain(source: Pick<SourceDto, "baseUrl">, values: Pick<SourceEditValues, "baseUrl" | "apiKey">): boolean {
  return values.apiKey.trim() === "" && sourceAddress(values.baseUrl.trim()) !== sourceAddress(source.baseUrl);
}
