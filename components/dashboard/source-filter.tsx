"use client";
// The dashboard's Source filter: transcripts brought by any of the chosen ways in (the ingest API,
// the import command, a Voiceflow source by name), as the list's repeatable `source` parameter.
import { useState } from "react";
import { ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useSourceNames } from "@/lib/queries/sources";
import { originLabel } from "@/lib/format/sync-run";

export function SourceFilter({ selected, onChange }: { selected: string[]; onChange: (origins: string[]) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  // The names are read once the list is opened, or to label a choice the address brings.
  const sources = useSourceNames({ enabled: isOpen || selected.length > 0 });
  const options = [
    { value: "ingest", label: originLabel("ingest", []) },
    { value: "import", label: originLabel("import", []) },
    ...(sources.data ?? []).map((source) => ({ value: source.id, label: source.name })),
  ];
  // A source named by the address but since deleted still shows, so that it can be unchecked.
  for (const value of selected) {
    if (!options.some((option) => option.value === value)) options.push({ value, label: originLabel(value, sources.data) });
  }
  const chosen = options.filter((option) => selected.includes(option.value)).map((option) => option.label);
  return (
    <div className="flex min-w-[10rem] flex-col gap-1 text-xs font-medium text-slate-600">
      <span id="source-filter-label">Source</span>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button
            size="sm"
            variant="outline"
            aria-labelledby="source-filter-label source-filter-value"
            className="justify-between font-normal"
          >
            <span id="source-filter-value" className="max-w-[14rem] truncate">
              {chosen.length === 0 ? "Any source" : chosen.join(", ")}
            </span>
            <ChevronDown className="size-4 text-slate-500" aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-64 p-2">
          <fieldset>
            <legend className="px-2 pb-1 text-xs font-medium text-slate-500">Brought by any of</legend>
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={selected.includes(option.value)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...selected, option.value] : selected.filter((value) => value !== option.value))
                  }
                />
                <span className="truncate">{option.label}</span>
              </label>
            ))}
          </fieldset>
          {sources.isError ? <p className="px-2 pt-1 text-xs text-red-700">The sources could not be loaded</p> : null}
        </PopoverContent>
      </Popover>
    </div>
  );
}
