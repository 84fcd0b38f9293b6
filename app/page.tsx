export default function HomePage() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <p className="text-slate-600">Loading...</p>
    </main>
  );
}
