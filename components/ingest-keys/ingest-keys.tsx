"use client";
// Ingest keys: the bot platform pushes transcripts to POST /api/ingest/transcripts with one of
// these. A new key is shown once, in a dialog; revoking stops it at once.
import { useState, type FormEvent } from "react";
import { Copy, KeyRound } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTableCard, DataTableHead } from "@/components/ui/data-table-card";
import { toast } from "@/components/ui/toast-store";
import { copyToClipboard } from "@/components/ui/clipboard";
import { PageTitle } from "@/components/layout/page-title";
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { useCreateIngestKey, useIngestKeys, useRevokeIngestKey } from "@/lib/queries/ingest-keys";
import { errorMessage } from "@/lib/client/api-error";
import { formatDateTime } from "@/lib/format/date-time";
import { createIngestKeySchema, type CreatedIngestKeyDto, type IngestKeyDto } from "@/lib/schemas/ingest";

export function IngestKeys() {
  const keys = useIngestKeys();
  const createKey = useCreateIngestKey();
  const revokeKey = useRevokeIngestKey();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedIngestKeyDto | null>(null);
  const [toRevoke, setToRevoke] = useState<IngestKeyDto | null>(null);

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createIngestKeySchema.safeParse({ name });
    if (!parsed.success) {
      toast({ title: "Key not created", description: parsed.error.issues[0]?.message ?? "Enter a name", variant: "destructive" });
      return;
    }
    createKey.mutate(parsed.data, {
      onSuccess: (key) => {
        setName("");
        setCreated(key);
      },
      onError: (error) =>
        toast({ title: "Key not created", description: errorMessage(error, "An unexpected error occurred"), variant: "destructive" }),
    });
  };

  const onRevoke = (key: IngestKeyDto) =>
    revokeKey.mutate(key.id, {
      onSuccess: () => toast({ title: "Key revoked", description: `${key.name} no longer works`, variant: "success" }),
      onError: (error) =>
        toast({ title: "Revoke failed", description: errorMessage(error, "An unexpected error occurred"), variant: "destructive" }),
    });

  const onCopy = async (key: string) => {
    try {
      await copyToClipboard(key);
      toast({ title: "Copied to clipboard", description: "The ingest key has been copied to your clipboard", variant: "success" });
    } catch {
      toast({ title: "Copy failed", description: "Select the key and copy it by hand", variant: "destructive" });
    }
  };

  return (
    <>
      <PageTitle
        title="Ingest Keys"
        subtitle="Keys with which the bot platform sends transcripts to POST /api/ingest/transcripts"
        actions={<BackToAdminPanel />}
      />

      <Card className="p-5">
        <form onSubmit={onCreate} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="ingest-key-name" className="mb-1.5 block text-sm font-medium text-slate-800">
              New key name
            </label>
            <Input
              id="ingest-key-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Voiceflow production"
              maxLength={100}
            />
          </div>
          <Button type="submit" disabled={createKey.isPending}>
            <KeyRound aria-hidden /> {createKey.isPending ? "Creating..." : "Create key"}
          </Button>
        </form>
      </Card>

      <div className="mt-6">
        <DataTableCard
          label="Ingest keys"
          isPending={keys.isPending}
          error={keys.isError ? `Failed to load ingest keys: ${errorMessage(keys.error, "An unexpected error occurred")}` : null}
          isEmpty={keys.data?.length === 0}
          emptyText="No ingest keys yet"
        >
          <table className="w-full min-w-[720px] text-left text-sm">
            <DataTableHead columns={["Name", "Key", "Created", "Last used", "Status", { srOnly: "Actions" }]} />
            <tbody className="divide-y divide-slate-100">
              {keys.data?.map((key) => (
                <tr key={key.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{key.name}</td>
                  <td className="px-4 py-3 font-mono text-xs text-slate-700">{key.prefix}…</td>
                  <td className="px-4 py-3 text-slate-700">
                    {formatDateTime(key.createdAt)}
                    {key.createdBy ? <span className="block text-xs text-slate-500">by {key.createdBy}</span> : null}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}</td>
                  <td className="px-4 py-3">
                    {key.revokedAt ? <Badge variant="danger">Revoked</Badge> : <Badge variant="success">Active</Badge>}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {key.revokedAt ? null : (
                      <Button variant="outline" size="sm" disabled={revokeKey.isPending} onClick={() => setToRevoke(key)}>
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </DataTableCard>
      </div>

      <Dialog
        open={created !== null}
        onOpenChange={(open) => {
          if (!open) setCreated(null);
        }}
        title="Ingest key created"
        description="Copy it now: it is shown only once. The portal keeps only its hash."
      >
        {created ? (
          <div className="space-y-4">
            <p
              className="break-all rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900"
              data-testid="created-ingest-key"
            >
              {created.key}
            </p>
            <p className="text-sm text-slate-600">
              Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> with each request.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Done</Button>
              </DialogClose>
              <Button onClick={() => onCopy(created.key)}>
                <Copy aria-hidden /> Copy key
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        title="Revoke this key?"
        description={toRevoke ? `${toRevoke.name} will stop working at once. Anything still sending with it will be refused.` : ""}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (toRevoke) onRevoke(toRevoke);
        }}
      />
    </>
  );
}
