/** SPEC 5: keep digits only, clamp to 1..totalPages; empty keeps the current page. */
export function parseJumpToPage(input: string, currentPage: number, totalPages: number): number {
  const digits = input.replace(/\D/g, "");
  if (digits === "") return currentPage;
  const page = Number.parseInt(digits, 10);
  return Math.min(Math.max(page, 1), Math.max(totalPages, 1));
}
