// export/file-delivery.ts's default folder: Downloads where the member has one (Descargas on a
// Spanish desktop), else the home folder. The writing itself is tested through the tool
// (test/tools/export-complaints.test.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultExportFolder } from '../../src/export/file-delivery.js';

const homes: string[] = [];
const home = async () => {
  const made = await mkdtemp(join(tmpdir(), 'complaints-home-'));
  homes.push(made);
  return made;
};
afterEach(async () => {
  for (const made of homes.splice(0)) await rm(made, { recursive: true, force: true });
});

describe('defaultExportFolder', () => {
  it('is Downloads, then Descargas, then the home folder itself', async () => {
    const both = await home();
    await mkdir(join(both, 'Downloads'));
    await mkdir(join(both, 'Descargas'));
    expect(await defaultExportFolder(both)).toBe(join(both, 'Downloads'));
    const spanish = await home();
    await mkdir(join(spanish, 'Descargas'));
    expect(await defaultExportFolder(spanish)).toBe(join(spanish, 'Descargas'));
    const bare = await home();
    expect(await defaultExportFolder(bare)).toBe(bare);
  });

  it('takes no file named Downloads for the folder', async () => {
    const odd = await home();
    await writeFile(join(odd, 'Downloads'), 'not a folder');
    expect(await defaultExportFolder(odd)).toBe(odd);
  });
});
