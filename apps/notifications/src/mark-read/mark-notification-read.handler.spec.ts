import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { currentContext, runWithContext } from '@app/nest-kit';
import type { NotificationsCommand } from '../domain/notifications.aggregate';
import { NotificationsWriter, type WriteResult } from '../infrastructure/notifications.writer';
import { MarkNotificationReadCommand } from './mark-notification-read.command';
import { MarkNotificationReadHandler } from './mark-notification-read.handler';

const accountId = '0b7f2c1e-9d3a-4e5f-8a6b-1c2d3e4f5a6b';
const notificationId = '7e6d5c4b-3a29-4810-9f8e-7d6c5b4a3928';

/** A writer that records what it is asked, with the correlation id it saw, and answers given counts. */
class FakeWriter {
  calls: { accountId: string; command: NotificationsCommand; correlationId?: string }[] = [];
  projectedCalls = 0;
  async execute(id: string, command: NotificationsCommand): Promise<WriteResult> {
    this.calls.push({ accountId: id, command, correlationId: currentContext()?.correlationId });
    return { duplicate: false, newEvents: [], state: { bellCount: 2, unread: 3 } as WriteResult['state'], globalPositions: ['42'], version: 1 };
  }
  async projected(): Promise<boolean> {
    this.projectedCalls++;
    return true;
  }
}

describe('MarkNotificationReadHandler (through the command bus)', () => {
  let moduleRef: TestingModule;
  let commandBus: CommandBus;
  let writer: FakeWriter;

  beforeEach(async () => {
    writer = new FakeWriter();
    moduleRef = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      providers: [MarkNotificationReadHandler, { provide: NotificationsWriter, useValue: writer }],
    }).compile();
    await moduleRef.init();
    commandBus = moduleRef.get(CommandBus);
  });
  afterEach(() => moduleRef.close());

  it("marks the account's notification read and answers the counts after it, once projected", async () => {
    const reply = await commandBus.execute(new MarkNotificationReadCommand({ accountId, notificationId }));
    expect(reply).toEqual({ success: true, notificationsCount: 2, unread: 3 });
    expect(writer.calls).toEqual([
      { accountId, command: { type: 'MarkNotificationRead', data: { accountId, notificationId, now: expect.any(Date) } }, correlationId: undefined },
    ]);
    expect(writer.projectedCalls).toBe(1);
  });

  it('runs in the request context of the caller (its correlation id reaches the writer)', async () => {
    await runWithContext({ correlationId: 'corr-7' }, () => commandBus.execute(new MarkNotificationReadCommand({ accountId, notificationId })));
    expect(writer.calls[0].correlationId).toBe('corr-7');
  });
});
