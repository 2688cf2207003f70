/**
 * The one shape of the domain services, drawn from the files themselves:
 * scripts/service-shape.spec.ts runs it over the repository and over probes that break each rule.
 *
 * - Every service (apps/* but the gateway) has `src/domain/`, `src/read-models/`, its module on
 *   `CqrsModule`, and exactly one RPC controller, `src/<service>.rpc.controller.ts`.
 * - Use cases live in `src/<use-case>/` folders: each `*.command.ts` / `*.query.ts` is a
 *   `Command` / `Query` of @nestjs/cqrs in such a folder, each `*.handler.ts` sits beside its
 *   command or query; no `*.service.ts` outside `src/infrastructure/` (adapters only).
 * - The RPC controller is a thin table: besides the kit and the contracts it imports only
 *   commands and queries (and the service's config).
 * - No inline zod schemas outside libs/contracts: request and reply schemas are declared there.
 *   Configuration files and the readers of other services' events (`src/integration/`,
 *   `src/react-to-*`: each reader keeps the tolerant schema of what it reads) may build their own.
 * - One RPC client: only the kit's ServiceRequester builds NATS requests.
 * - One contract per RPC (libs/contracts `defineRpc`): every handler is `@Rpc(contract)` (no
 *   subject strings, no bare MessagePattern), every call is `call(contract, data)` (no string
 *   subjects, no `send` / `query` / `command` with a caller-chosen reply type), and an RPC
 *   controller builds no zod schema at all (its requests are parsed by @Rpc from the contract).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export type SourceFiles = ReadonlyMap<string, string>;

const LAYERS = new Set(['domain', 'read-models', 'integration', 'infrastructure', 'migrations']);
const NOT_SERVICES = new Set(['gateway']);
const RPC_CLIENT = 'libs/nest-kit/src/service-requester.ts';
const SCHEMA_BUILDER = /\bz\s*\.\s*(object|looseObject|strictObject|string|number|boolean|array|enum|union|literal|record|tuple|uuid|coerce|email|url|int|date|discriminatedUnion|nullable|optional)\s*\(/;
const VALUE_ZOD_IMPORT = /^import\s+(?!type\b)[^;]*from\s+'zod';/m;

/** The source files of apps/* and libs/* (no specs), by repository path. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(path);
      } else if (/\.ts$/.test(name) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(name) && !/\.fixture\.ts$/.test(name)) {
        files.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  for (const top of ['apps', 'libs']) {
    for (const pkg of readdirSync(join(root, top))) {
      const src = join(root, top, pkg, 'src');
      if (statSync(join(root, top, pkg)).isDirectory() && existsDir(src)) walk(src);
    }
  }
  return files;
}

function existsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every break of the one shape, one line each (empty: the code keeps it). */
export function shapeViolations(files: SourceFiles): string[] {
  const out: string[] = [];
  const paths = [...files.keys()];
  const services = [...new Set(paths.map((p) => /^apps\/([^/]+)\/src\//.exec(p)?.[1]).filter((s): s is string => !!s && !NOT_SERVICES.has(s)))].sort();

  for (const svc of services) {
    const src = `apps/${svc}/src/`;
    const own = paths.filter((p) => p.startsWith(src)).map((p) => p.slice(src.length));
    for (const layer of ['domain', 'read-models']) if (!own.some((p) => p.startsWith(`${layer}/`))) out.push(`${svc}: no src/${layer}/`);
    const module = files.get(`${src}${svc}.module.ts`);
    if (!module) out.push(`${svc}: no src/${svc}.module.ts`);
    else if (!/CqrsModule/.test(module)) out.push(`${svc}: src/${svc}.module.ts does not import CqrsModule (use cases go through the command and query buses)`);

    const controllers = own.filter((p) => p.endsWith('.rpc.controller.ts')).sort();
    if (controllers.join() !== `${svc}.rpc.controller.ts`) out.push(`${svc}: one RPC controller, src/${svc}.rpc.controller.ts (found: ${controllers.join(', ') || 'none'})`);
    for (const c of controllers) {
      for (const [, from] of files.get(src + c)!.matchAll(/^import\s[^;]*?from\s+'(\.[^']*)';/gm)) {
        if (!/^\.\/[^/]+\/[^/]+\.(command|query)$/.test(from) && from !== './config') out.push(`${svc}: src/${c} imports ${from} (the controller maps subjects to commands and queries only)`);
      }
    }

    for (const p of own) {
      const folder = p.includes('/') ? p.slice(0, p.indexOf('/')) : '';
      if (p.endsWith('.service.ts') && folder !== 'infrastructure') out.push(`${svc}: src/${p} (use cases go in src/<use-case>/ as commands and queries, not in a service class)`);
      const kind = /\.(command|query)\.ts$/.exec(p)?.[1];
      if (kind) {
        const base = kind === 'command' ? 'Command' : 'Query';
        if (!folder || LAYERS.has(folder) || p.split('/').length !== 2) out.push(`${svc}: src/${p} is not in a use-case folder src/<use-case>/`);
        if (!new RegExp(`extends ${base}<`).test(files.get(src + p)!)) out.push(`${svc}: src/${p} does not extend ${base} of @nestjs/cqrs`);
      }
      if (p.endsWith('.handler.ts')) {
        const stem = p.slice(0, -'.handler.ts'.length);
        if (!files.has(`${src}${stem}.command.ts`) && !files.has(`${src}${stem}.query.ts`)) out.push(`${svc}: src/${p} has no ${stem}.command.ts or ${stem}.query.ts beside it`);
      }
    }
  }

  for (const [path, text] of files) {
    if (path.startsWith('libs/contracts/') || path.startsWith('libs/nest-kit/') || path.startsWith('libs/validation/')) continue;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const readerOfEvents = /\/src\/(integration|react-to-[^/]+)\//.test(path);
    if (VALUE_ZOD_IMPORT.test(text) && SCHEMA_BUILDER.test(text) && !/config\.ts$/i.test(name) && !readerOfEvents) {
      out.push(`${path}: an inline zod schema (declare it in libs/contracts)`);
    }
  }

  for (const [path, text] of files) {
    if (path !== RPC_CLIENT && /new (ClientNats|SharedConnectionNatsClient)\s*\(|ClientProxyFactory|NatsRecordBuilder/.test(text)) out.push(`${path}: a second RPC client (use ServiceRequester of @app/nest-kit)`);
  }
  for (const [path, text] of files) {
    if (path.startsWith('libs/contracts/')) continue;
    const kit = path.startsWith('libs/nest-kit/');
    for (const m of text.matchAll(/@Rpc\(([^)]*)\)/g)) {
      if (/^\s*['"`]/.test(m[1]) || m[1].includes(',')) out.push(`${path}: @Rpc(${m[1].trim()}) is not a contract (declare the RPC with defineRpc in libs/contracts)`);
    }
    if (!kit && /\bMessagePattern\s*\(/.test(text)) out.push(`${path}: a MessagePattern without a contract (use @Rpc(contract) of @app/nest-kit)`);
    if (path !== RPC_CLIENT) {
      for (const m of text.matchAll(/\b(rpc|requester)\s*\.\s*(send|query|command)\s*[<(]/g)) out.push(`${path}: ${m[1]}.${m[2]}(...) calls an RPC without its contract (use call(contract, data))`);
    }
    for (const m of text.matchAll(/\.call\(\s*(['"`][^'"`]*['"`])/g)) out.push(`${path}: call(${m[1]}, ...) names a subject, not a contract`);
    if (path.endsWith('.rpc.controller.ts') && SCHEMA_BUILDER.test(text) && !VALUE_ZOD_IMPORT.test(text)) out.push(`${path}: an inline zod schema in an RPC controller (its requests are the contract's)`);
  }
  return out;
}
