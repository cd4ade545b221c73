export function Footer({ company }: { company: string }) {
  return (
    <footer className="text-muted-foreground border-t px-4 py-4 text-center text-sm">
      © {new Date().getFullYear()} {company}. All rights reserved.
    </footer>
  );
}
