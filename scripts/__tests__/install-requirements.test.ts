// What `npm install` needs of a machine, checked on the machine the tests run on: the Node running
// them satisfies package.json's `engines` (the claim is a version that is tested), and every
// dependency with an install script is either allowed to run it or denied in `allowScripts`, so
// that an npm that refuses unreviewed install scripts (`--strict-allow-scripts`, and npm's
// announced default) still installs a working project, on every platform in the lockfile.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
};

/** Whether `version` (e.g. v20.20.2) satisfies a `>=MAJOR.MINOR` range, the only form used here. */
function satisfiesMinimum(version: string, range: string): boolean {
  const minimum = /^>=(\d+)\.(\d+)$/.exec(range);
  if (!minimum) throw new Error(`engines.node should be ">=MAJOR.MINOR", not ${range}`);
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number) as [number, number];
  const [wantMajor, wantMinor] = [Number(minimum[1]), Number(minimum[2])];
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

describe('installing the project', () => {
  test("the Node running the tests satisfies package.json's engines, and .nvmrc and the README name it", () => {
    expect(
      satisfiesMinimum(process.version, manifest.engines.node),
      `${process.version} vs ${manifest.engines.node}`,
    ).toBe(true);
    const nvmrc = readFileSync('.nvmrc', 'utf8').trim();
    expect(satisfiesMinimum(`${nvmrc}.99`, manifest.engines.node)).toBe(true);
    expect(readFileSync('README.md', 'utf8')).toContain(`Node ${manifest.engines.node.slice(2)} or later`);
  });

  test('every locked package with an install script is allowed or denied by name in allowScripts', () => {
    const withScripts = Object.entries(lockfile.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const unreviewed = withScripts.filter((name) => typeof manifest.allowScripts?.[name] !== 'boolean');
    expect(unreviewed).toEqual([]);
  });

  test('npm itself finds no installed package with an install script left to review', async () => {
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
      execFile('npm', ['install-scripts', 'ls'], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
        error
          ? reject(new Error(`npm install-scripts ls failed (npm 11.19 or later has it): ${stderr}`))
          : resolve({ stdout, stderr }),
      ),
    );
    expect(`${stdout}${stderr}`).toContain('No packages with unreviewed install scripts.');
  });
});
