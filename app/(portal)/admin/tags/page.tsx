import type { Metadata } from "next";
import { TagsAdmin } from "@/components/review/tags-admin";

export const metadata: Metadata = { title: "Tags · Transcript Analytics" };

export default function TagsPage() {
  return <TagsAdmin />;
}
