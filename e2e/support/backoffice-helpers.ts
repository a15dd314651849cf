import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TokenRole } from '@nordloan/domain/auth';
import type { Page } from 'playwright-core';

// Helpers for the back-office browser tests (e2e/backoffice-*.e2e.ts): the staff app's build, staff
// agents created through the development identity provider, and staff calls over HTTP for setting up and
// checking what the browser did. Never logs tokens or national ids.

const repoRoot = resolve(import.meta.dirname, '../..');

/** Builds the staff app when there is no build yet (`npm test` builds it before this suite runs). */
export function ensureStaffAppBuilt(): void {
  if (existsSync(join(repoRoot, 'apps/backoffice/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/backoffice'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('back-office build failed');
}

export function staffUrl(port: number, path = '/'): string {
  return `http://backoffice.localhost:${port}${path}`;
}

export async function staffCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; expect?: number[] } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const expected = options.expect ?? [200, 201];
  if (!expected.includes(response.status)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export interface StaffAgent {
  name: string;
  token: string;
  agentId: string;
}

/**
 * An agent with these roles (found or created by the development identity provider's `{ name, roles }`
 * sign-in), so it is listed on the back office's sign-in page.
 */
export async function createAgent(baseUrl: string, name: string, roles: TokenRole[]): Promise<StaffAgent> {
  const { body } = await staffCall<{ token: string }>(baseUrl, 'POST', '/auth/dev/staff-login', {
    body: { name, roles },
  });
  const me = await staffCall<{ Agent: { ID: string } }>(baseUrl, 'GET', '/backoffice/me', {
    token: body.token,
  });
  return { name, token: body.token, agentId: me.body.Agent.ID };
}

/** Where the staff app remembers the language chosen in this browser (apps/backoffice shared/i18n). */
export const staffLanguageKey = 'nordloan.staff.language';

/**
 * Signs in on the staff app's development sign-in page by picking the agent. `language`: a language chosen
 * in this browser beforehand (the staff app otherwise speaks the language of the agent's market).
 */
export async function signInAsAgent(
  page: Page,
  port: number,
  agentName: string,
  path = '/',
  language?: 'nb' | 'sv' | 'fi' | 'da' | 'en',
): Promise<void> {
  if (language) {
    await page.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [staffLanguageKey, language] as const,
    );
  }
  await page.goto(staffUrl(port, path));
  await page.getByRole('button', { name: new RegExp(`^${agentName}`) }).click();
  await page.getByTestId('agent-name').filter({ hasText: agentName }).waitFor();
}
