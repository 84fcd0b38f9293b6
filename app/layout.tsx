import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Transcript Analytics",
  description: "View and export your AI agent conversation transcripts",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4f46e5",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of its response's
  // Content-Security-Policy (middleware.ts), which a page built ahead of time could not know.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
