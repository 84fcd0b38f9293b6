// Admin panel: the list toggle reads 'Pending (n)' and 'All Users (n)'.
export function withCount(label: string, count: number | undefined): string {
  return `${label} (${count ?? 0})`;
}
