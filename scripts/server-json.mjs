// server.json, the MCP Registry's description of this server, at release time. The checks are pure and
// shared with test/project/registry.test.ts; the command line is what .github/workflows/release.yml runs, in
// the folder whose files it reads (package.json, package-lock.json, manifest.json, server.json):
//
//   node scripts/server-json.mjs check TAG          the tag and those files name one version, one
//                                                   repository (GITHUB_REPOSITORY, when set) and one name
//   node scripts/server-json.mjs bundle-file        the name of the .mcpb file the release attaches
//   node scripts/server-json.mjs fill TAG FILE      the same checks, then writes FILE's SHA-256 into
//                                                   server.json's mcpb package
//
// The .mcpb's hash exists only once the release has built it, so the checked-in server.json holds a
// placeholder (64 zeros, which the schema accepts) and the release fills it. Clients check the hash
// before they install the bundle; the registry does not, so a release must never publish the zeros.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PLACEHOLDER_SHA256 = '0'.repeat(64);

/** OWNER/NAME of the GitHub repository package.json names, or undefined. */
export function githubRepository(packageJson) {
  const url = typeof packageJson.repository === 'string' ? packageJson.repository : packageJson.repository?.url;
  return /^(?:git\+)?https:\/\/github\.com\/([A-Za-z0-9-]+\/[A-Za-z0-9._-]+?)(?:\.git)?$/.exec(url ?? '')?.[1];
}

/** Where the release of `version` serves its .mcpb: a GitHub release asset, as the registry requires. */
export function bundleUrl(repository, name, version) {
  return `https://github.com/${repository}/releases/download/v${version}/${name}-${version}.mcpb`;
}

/**
 * What keeps these files from being released as they are, as sentences; empty when nothing does.
 * `tag` (refs/tags/vX.Y.Z's vX.Y.Z) and `repository` (GITHUB_REPOSITORY) are checked when given;
 * `bundleSha256` is the hash the mcpb package must hold (the placeholder when not given).
 */
export function releaseProblems({ packageJson, packageLock, manifest, serverJson }, { tag, repository, bundleSha256 = PLACEHOLDER_SHA256 } = {}) {
  const problems = [];
  const { name, version } = packageJson;
  const same = (what, actual, expected) => {
    if (actual !== expected) problems.push(`${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };
  if (tag !== undefined) same('the tag', tag, `v${version}`);
  same('package-lock.json version', packageLock.version, version);
  same('package-lock.json packages[""].version', packageLock.packages?.['']?.version, version);
  same('manifest.json version', manifest.version, version);
  same('server.json version', serverJson.version, version);
  // The registry proves that the npm package is ours by reading mcpName from the published package.json.
  same('server.json name', serverJson.name, packageJson.mcpName);

  const ownRepository = githubRepository(packageJson);
  if (ownRepository === undefined) problems.push('package.json repository.url must be https://github.com/OWNER/NAME (npm provenance checks it)');
  else {
    // A GitHub login (OIDC in the workflow) may publish only under io.github.OWNER/.
    if (repository !== undefined && repository !== ownRepository) {
      problems.push(
        `the release runs in ${repository}, but package.json's repository is ${ownRepository}: name the repository the release runs in there, in mcpName, in server.json (name, repository.url, the mcpb URL) and in the Dockerfile's label`,
      );
    }
    same('package.json mcpName', packageJson.mcpName, `io.github.${ownRepository.split('/')[0]}/${name}`);
    same('server.json repository.url', serverJson.repository?.url, `https://github.com/${ownRepository}`);
  }

  const packages = (type) => (serverJson.packages ?? []).filter((entry) => entry.registryType === type);
  const [npm, ...moreNpm] = packages('npm');
  if (npm === undefined || moreNpm.length > 0) problems.push('server.json must list one npm package');
  else {
    same('server.json npm package identifier', npm.identifier, name);
    same('server.json npm package version', npm.version, version);
  }
  const [mcpb, ...moreMcpb] = packages('mcpb');
  if (mcpb === undefined || moreMcpb.length > 0) problems.push('server.json must list one mcpb package');
  else {
    same('server.json mcpb package version', mcpb.version, version);
    if (ownRepository !== undefined) same('server.json mcpb package identifier', mcpb.identifier, bundleUrl(ownRepository, name, version));
    same('server.json mcpb package fileSha256', mcpb.fileSha256, bundleSha256);
  }
  return problems;
}

/** server.json with the mcpb package's hash set to `sha256`. */
export function withBundleHash(serverJson, sha256) {
  return { ...serverJson, packages: serverJson.packages.map((entry) => (entry.registryType === 'mcpb' ? { ...entry, fileSha256: sha256 } : entry)) };
}

/** The name the mcpb package's URL ends in: the file the release builds and attaches. */
export function bundleFile(serverJson) {
  const mcpb = (serverJson.packages ?? []).find((entry) => entry.registryType === 'mcpb');
  return mcpb === undefined ? undefined : basename(new URL(mcpb.identifier).pathname);
}

function readFiles() {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  return { packageJson: read('package.json'), packageLock: read('package-lock.json'), manifest: read('manifest.json'), serverJson: read('server.json') };
}

function fail(lines) {
  for (const line of lines) process.stderr.write(`server-json: ${line}\n`);
  process.exit(1);
}

function main([command, ...args]) {
  const repository = process.env.GITHUB_REPOSITORY || undefined;
  const files = readFiles();
  if (command === 'check' && args.length === 1) {
    const problems = releaseProblems(files, { tag: args[0], repository });
    if (problems.length > 0) fail(problems);
    process.stdout.write(`server.json, package.json, package-lock.json and manifest.json agree on ${files.packageJson.version} (${args[0]})\n`);
  } else if (command === 'bundle-file' && args.length === 0) {
    const file = bundleFile(files.serverJson);
    if (file === undefined) fail(['server.json lists no mcpb package']);
    process.stdout.write(`${file}\n`);
  } else if (command === 'fill' && args.length === 2) {
    const [tag, file] = args;
    const problems = releaseProblems(files, { tag, repository });
    if (basename(file) !== bundleFile(files.serverJson))
      problems.push(`the bundle is ${basename(file)}, but server.json's mcpb package names ${bundleFile(files.serverJson)}`);
    if (problems.length > 0) fail(problems);
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    const serverJson = withBundleHash(files.serverJson, sha256);
    // Checked again as written: a filled server.json holds this bundle's hash and nothing else changed.
    const written = releaseProblems({ ...files, serverJson }, { tag, repository, bundleSha256: sha256 });
    if (written.length > 0) fail(written);
    writeFileSync('server.json', `${JSON.stringify(serverJson, null, 2)}\n`);
    process.stdout.write(`server.json: mcpb package ${file}, sha256 ${sha256}\n`);
  } else {
    fail(['usage: node scripts/server-json.mjs check TAG | bundle-file | fill TAG FILE.mcpb']);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
