/**
 * The one shape of the domain services (rules in scripts/service-shape.ts): the
 * repository keeps it, and a service that grows a second shape fails here.
 */
import { join } from 'node:path';
import { readSources, shapeViolations } from './service-shape';

/** A service in the one shape, as files (path → text). */
function service(name = 'things'): Map<string, string> {
  const src = `apps/${name}/src`;
  return new Map([
    [`${src}/${name}.module.ts`, "import { CqrsModule } from '@nestjs/cqrs';\n@Module({ imports: [CqrsModule.forRoot()] })\nexport class M {}\n"],
    [
      `${src}/${name}.rpc.controller.ts`,
      "import { CommandBus } from '@nestjs/cqrs';\nimport { things } from '@app/contracts';\nimport { AddThingCommand } from './add-thing/add-thing.command';\nexport class C {}\n",
    ],
    [`${src}/add-thing/add-thing.command.ts`, "import { Command } from '@nestjs/cqrs';\nexport class AddThingCommand extends Command<{ ok: true }> {}\n"],
    [`${src}/add-thing/add-thing.handler.ts`, "import { AddThingCommand } from './add-thing.command';\nexport class AddThingHandler {}\n"],
    [`${src}/list-things/list-things.query.ts`, "import { Query } from '@nestjs/cqrs';\nexport class ListThingsQuery extends Query<string[]> {}\n"],
    [`${src}/list-things/list-things.handler.ts`, 'export class ListThingsHandler {}\n'],
    [`${src}/domain/thing.decider.ts`, 'export const decide = () => [];\n'],
    [`${src}/read-models/things.projection.ts`, 'export class ThingsProjection {}\n'],
    [`${src}/integration/other-events.ts`, "import { z } from 'zod';\nconst data = z.looseObject({ id: z.uuid() });\n"],
    [`${src}/config.ts`, "import { z } from 'zod';\nexport const Config = z.object({ PORT: z.coerce.number() });\n"],
    ['libs/nest-kit/src/service-requester.ts', 'nc.publish(subject, JSON.stringify({ pattern: subject, data, id }), { reply });\n'],
  ]);
}

const withFile = (path: string, text: string, base = service()) => new Map([...base, [path, text]]);
const without = (path: string, base = service()) => new Map([...base].filter(([p]) => p !== path));

describe('the one service shape', () => {
  it('finds every service of the repository in it', () => {
    const files = readSources(join(__dirname, '..'));
    expect([...files.keys()].filter((p) => p.endsWith('.rpc.controller.ts')).length).toBeGreaterThanOrEqual(6);
    expect(shapeViolations(files)).toEqual([]);
  });

  it('takes the probe service as it is', () => {
    expect(shapeViolations(service())).toEqual([]);
  });

  it('refuses use cases in a service class or a layer folder', () => {
    expect(shapeViolations(withFile('apps/things/src/things/things.service.ts', 'export class ThingsService {}\n'))).toEqual([
      'things: src/things/things.service.ts (use cases go in src/<use-case>/ as commands and queries, not in a service class)',
    ]);
    expect(shapeViolations(withFile('apps/things/src/read-models/count.query.ts', 'export class CountQuery extends Query<number> {}\n'))).toEqual([
      'things: src/read-models/count.query.ts is not in a use-case folder src/<use-case>/',
    ]);
    expect(shapeViolations(withFile('apps/things/src/add-thing/add-thing.command.ts', 'export class AddThingCommand {}\n'))).toEqual([
      'things: src/add-thing/add-thing.command.ts does not extend Command of @nestjs/cqrs',
    ]);
    expect(shapeViolations(withFile('apps/things/src/add-thing/notify.handler.ts', 'export class NotifyHandler {}\n'))).toEqual([
      'things: src/add-thing/notify.handler.ts has no add-thing/notify.command.ts or add-thing/notify.query.ts beside it',
    ]);
  });

  it('refuses a controller that does the work, a second controller, a service without the buses or its layers', () => {
    const fat = "import { ThingsWriter } from './infrastructure/things.writer';\nexport class C {}\n";
    expect(shapeViolations(withFile('apps/things/src/things.rpc.controller.ts', fat))).toEqual([
      'things: src/things.rpc.controller.ts imports ./infrastructure/things.writer (the controller maps subjects to commands and queries only)',
    ]);
    expect(shapeViolations(withFile('apps/things/src/more/more.rpc.controller.ts', 'export class D {}\n'))).toEqual([
      'things: one RPC controller, src/things.rpc.controller.ts (found: more/more.rpc.controller.ts, things.rpc.controller.ts)',
    ]);
    expect(shapeViolations(withFile('apps/things/src/things.module.ts', 'export class M {}\n'))).toEqual([
      'things: src/things.module.ts does not import CqrsModule (use cases go through the command and query buses)',
    ]);
    expect(shapeViolations(without('apps/things/src/read-models/things.projection.ts'))).toEqual(['things: no src/read-models/']);
  });

  it('refuses an inline zod schema outside libs/contracts, in a service or in the gateway', () => {
    const inline = "import { z } from 'zod';\nconst Payload = z.object({ id: z.uuid() });\n";
    expect(shapeViolations(withFile('apps/things/src/things.rpc.controller.ts', inline))).toEqual([
      'apps/things/src/things.rpc.controller.ts: an inline zod schema (declare it in libs/contracts)',
    ]);
    expect(shapeViolations(withFile('apps/gateway/src/things/things.controller.ts', inline))).toEqual([
      'apps/gateway/src/things/things.controller.ts: an inline zod schema (declare it in libs/contracts)',
    ]);
    // A type from a contract's schema is no schema of its own.
    expect(shapeViolations(withFile('apps/things/src/add-thing/add-thing.command.ts', "import type { z } from 'zod';\nexport class AddThingCommand extends Command<z.infer<typeof X>> {}\n"))).toEqual([]);
  });

  it('refuses a second RPC client', () => {
    const client = "import { NatsRecordBuilder } from '@nestjs/microservices';\nconst record = new NatsRecordBuilder(data).build();\n";
    expect(shapeViolations(withFile('apps/gateway/src/rpc/my-client.ts', client))).toEqual(['apps/gateway/src/rpc/my-client.ts: a second RPC client (use ServiceRequester of @app/nest-kit)']);
  });

  it('refuses an RPC handler or call without its contract, and a zod schema in an RPC controller', () => {
    const controller = 'apps/things/src/things.rpc.controller.ts';
    const head = "import { things } from '@app/contracts';\nimport { Rpc } from '@app/nest-kit';\n";
    expect(shapeViolations(withFile(controller, `${head}export class C {\n  @Rpc(things.THINGS_RPC.addThing)\n  add(p: unknown) {}\n}\n`))).toEqual([]);
    expect(shapeViolations(withFile(controller, `${head}export class C {\n  @Rpc('things', 'cmd', 'addThing')\n  add(p: unknown) {}\n}\n`))).toEqual([
      `${controller}: @Rpc('things', 'cmd', 'addThing') is not a contract (declare the RPC with defineRpc in libs/contracts)`,
    ]);
    expect(shapeViolations(withFile(controller, `${head}export class C {\n  @Rpc('things.cmd.addThing')\n  add(p: unknown) {}\n}\n`))).toEqual([
      `${controller}: @Rpc('things.cmd.addThing') is not a contract (declare the RPC with defineRpc in libs/contracts)`,
    ]);
    expect(shapeViolations(withFile(controller, "import { MessagePattern } from '@nestjs/microservices';\nexport class C {\n  @MessagePattern('things.cmd.addThing')\n  add() {}\n}\n"))).toEqual([
      `${controller}: a MessagePattern without a contract (use @Rpc(contract) of @app/nest-kit)`,
    ]);
    // A type-only zod import does not make a schema in a controller acceptable.
    expect(shapeViolations(withFile(controller, "import type { z } from 'zod';\nconst P = z.object({ id: z.uuid() });\n"))).toEqual([
      `${controller}: an inline zod schema in an RPC controller (its requests are the contract's)`,
    ]);

    const caller = 'apps/gateway/src/things/things.controller.ts';
    expect(shapeViolations(withFile(caller, 'export class T {\n  add() {\n    return this.rpc.call(things.THINGS_RPC.addThing, { id });\n  }\n}\n'))).toEqual([]);
    expect(shapeViolations(withFile(caller, "export class T {\n  add() {\n    return this.rpc.call('things.cmd.addThing', { id });\n  }\n}\n"))).toEqual([
      `${caller}: call('things.cmd.addThing', ...) names a subject, not a contract`,
    ]);
    expect(shapeViolations(withFile(caller, "export class T {\n  add() {\n    return this.rpc.command<{ ok: true }>('things', 'addThing', { id });\n  }\n}\n"))).toEqual([
      `${caller}: rpc.command(...) calls an RPC without its contract (use call(contract, data))`,
    ]);
    expect(shapeViolations(withFile('apps/things/src/infrastructure/other.client.ts', "export class O {\n  ask() {\n    return this.requester.send<string>('other', 'other.qry.x', {});\n  }\n}\n"))).toEqual([
      'apps/things/src/infrastructure/other.client.ts: requester.send(...) calls an RPC without its contract (use call(contract, data))',
    ]);
  });
});
