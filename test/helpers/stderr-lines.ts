// What the code under test writes to stderr, line by line, while a test runs (vi.restoreAllMocks ends it).
import { vi } from 'vitest';

export function captureStderr(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}
